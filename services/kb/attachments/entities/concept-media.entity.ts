import { Column, Entity } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ForeignIdColumn, IdColumn } from "./id-column.js";

/** An image or video of a concept (legacy table Media). */
@Entity({ name: "concept_media" })
export class ConceptMediaEntity {
  @IdColumn()
  id!: number;

  @ForeignIdColumn("concept_id")
  conceptId!: number;

  @Column({ type: "varchar", length: 1024, name: "url" })
  url!: string;

  @Column({ type: "varchar", length: 16, name: "media_type", nullable: true })
  mediaType!: string | null;

  @Column({ type: "boolean", name: "is_primary" })
  isPrimary!: boolean;

  @Column({ type: "varchar", length: 1000, name: "caption", nullable: true })
  caption!: string | null;

  @Column({ type: "varchar", length: 255, name: "credit", nullable: true })
  credit!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";
import { bigintNumber } from "./concept.entity.js";

/** One name of a concept; names are unique across the whole tree. */
@Entity({ name: "concept_names" })
export class ConceptNameEntity {
  @PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: bigintNumber })
  id!: number;

  @Column({ type: "bigint", name: "concept_id", transformer: bigintNumber })
  conceptId!: number;

  @Column({ type: "varchar", length: 128, name: "name" })
  name!: string;

  /** As stored: primary, synonym, common, former, alternate (legacy data also has capitalised forms). */
  @Column({ type: "varchar", length: 10, name: "name_type" })
  nameType!: string;

  @Column({ type: "varchar", length: 255, name: "author", nullable: true })
  author!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

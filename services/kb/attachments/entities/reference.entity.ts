import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";
import { IdColumn } from "./id-column.js";

/** A bibliographic reference (legacy table Reference). */
@Entity({ name: "literature_references" })
export class LiteratureReferenceEntity {
  @IdColumn()
  id!: number;

  @Column({ type: "varchar", length: 2048, name: "citation" })
  citation!: string;

  @Column({ type: "varchar", length: 2048, name: "doi", nullable: true })
  doi!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

/** Links a reference to a concept. */
@Entity({ name: "concept_references" })
export class ConceptReferenceEntity {
  @PrimaryColumn({ type: "bigint", name: "reference_id" })
  referenceId!: number;

  @PrimaryColumn({ type: "bigint", name: "concept_id" })
  conceptId!: number;
}

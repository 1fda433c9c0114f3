import { Column, Entity, PrimaryColumn, type ValueTransformer } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";

const idTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** One change to the kb and its approval state (legacy table History). */
@Entity({ name: "concept_history" })
export class ConceptHistoryEntity {
  @PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: idTransformer })
  id!: number;

  @Column({ type: "bigint", name: "concept_id", transformer: idTransformer })
  conceptId!: number;

  @InstantColumn({ name: "creation_time" })
  creationTime!: Instant;

  @Column({ type: "varchar", length: 50, name: "creator_name" })
  creatorName!: string;

  @InstantColumn({ name: "processed_time", nullable: true })
  processedTime!: Instant | null;

  @Column({ type: "varchar", length: 50, name: "processor_name", nullable: true })
  processorName!: string | null;

  /** Approved, rejected, or NULL while pending (TINYINT 1/0 on MySQL and SQLite, BOOLEAN on PostgreSQL). */
  @Column({ type: "boolean", name: "approved", nullable: true })
  approved!: boolean | null;

  @Column({ type: "varchar", length: 16, name: "action" })
  action!: string;

  @Column({ type: "varchar", length: 64, name: "field" })
  field!: string;

  @Column({ type: "text", name: "old_value", nullable: true })
  oldValue!: string | null;

  @Column({ type: "text", name: "new_value", nullable: true })
  newValue!: string | null;
}

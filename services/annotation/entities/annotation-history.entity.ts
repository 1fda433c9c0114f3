import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** One committed change of one annotation record: who, when, and the record before and after. */
@Entity({ name: "annotation_history" })
export class AnnotationHistoryEntity {
  /**
   * A version 7 UUID of the change's time; those of one transaction ascend in the order its
   * records were noted, so (changed_at, uuid) is the order of the changes.
   */
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @InstantColumn({ name: "changed_at" })
  changedAt!: Instant;

  /** The kb user whose token made the change; null for the API key's service token. */
  @Column({ type: "varchar", length: 128, name: "changed_by", nullable: true })
  changedBy!: string | null;

  /** CREATED, UPDATED or DELETED. */
  @Column({ type: "varchar", length: 16, name: "action" })
  action!: string;

  /** OBSERVATION, ASSOCIATION, IMAGE_REFERENCE or ANCILLARY_DATUM. */
  @Column({ type: "varchar", length: 32, name: "data_type" })
  dataType!: string;

  @Column({ type: "varchar", length: 36, name: "record_uuid" })
  recordUuid!: string;

  /** The observation the record is or belongs to (observations and associations). */
  @Column({ type: "varchar", length: 36, name: "observation_uuid", nullable: true })
  observationUuid!: string | null;

  /** The imaged moment the record is on (observations, image references, ancillary data). */
  @Column({ type: "varchar", length: 36, name: "imaged_moment_uuid", nullable: true })
  imagedMomentUuid!: string | null;

  @Column({ type: "text", name: "before_json", nullable: true })
  beforeJson!: string | null;

  @Column({ type: "text", name: "after_json", nullable: true })
  afterJson!: string | null;
}

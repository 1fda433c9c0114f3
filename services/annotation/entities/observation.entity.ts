import { Column, Entity, PrimaryColumn } from "typeorm";
import { BigintColumn } from "../../kit/storage/bigint-column.js";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** A concept seen at an imaged moment (legacy table `observations`). */
@Entity({ name: "observations" })
export class ObservationEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "imaged_moment_uuid" })
  imagedMomentUuid!: string;

  @Column({ type: "varchar", length: 128, name: "activity", nullable: true })
  activity!: string | null;

  @Column({ type: "varchar", length: 256, name: "concept", nullable: true })
  concept!: string | null;

  @BigintColumn({ name: "duration_millis" })
  durationMillis!: number | null;

  @Column({ type: "varchar", length: 128, name: "observation_group", nullable: true })
  group!: string | null;

  @InstantColumn({ name: "observation_timestamp" })
  observationTimestamp!: Instant;

  @Column({ type: "varchar", length: 128, name: "observer", nullable: true })
  observer!: string | null;

  @InstantColumn({ name: "last_updated_timestamp" })
  lastUpdatedTime!: Instant;
}

import { Column, Entity, PrimaryColumn } from "typeorm";
import { BigintColumn } from "../../kit/storage/bigint-column.js";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** A point on a video's timeline (legacy table `imaged_moments`); every index is optional. */
@Entity({ name: "imaged_moments" })
export class ImagedMomentEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "video_reference_uuid" })
  videoReferenceUuid!: string;

  @BigintColumn({ name: "elapsed_time_millis" })
  elapsedTimeMillis!: number | null;

  @InstantColumn({ name: "recorded_timestamp", nullable: true })
  recordedTimestamp!: Instant | null;

  @Column({ type: "varchar", length: 255, name: "timecode", nullable: true })
  timecode!: string | null;

  @InstantColumn({ name: "last_updated_timestamp" })
  lastUpdatedTime!: Instant;
}

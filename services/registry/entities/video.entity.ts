import { Column, Entity, PrimaryColumn } from "typeorm";
import { BigintColumn } from "../../kit/storage/bigint-column.js";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** One continuous recording of a sequence (legacy table `videos`). */
@Entity({ name: "videos" })
export class VideoEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "video_sequence_uuid" })
  videoSequenceUuid!: string;

  @Column({ type: "varchar", length: 512, name: "name" })
  name!: string;

  @InstantColumn({ name: "start_time" })
  start!: Instant;

  @BigintColumn({ name: "duration_millis" })
  durationMillis!: number | null;

  @Column({ type: "varchar", length: 2048, name: "description", nullable: true })
  description!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

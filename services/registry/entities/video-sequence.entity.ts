import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** One deployment of one camera (legacy table `video_sequences`). */
@Entity({ name: "video_sequences" })
export class VideoSequenceEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 512, name: "name" })
  name!: string;

  @Column({ type: "varchar", length: 256, name: "camera_id" })
  cameraId!: string;

  @Column({ type: "varchar", length: 2048, name: "description", nullable: true })
  description!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

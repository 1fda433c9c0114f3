import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** Cached facts about a video reference (legacy table `video_reference_information`). */
@Entity({ name: "video_reference_information" })
export class VideoReferenceInfoEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "video_reference_uuid" })
  videoReferenceUuid!: string;

  @Column({ type: "varchar", length: 64, name: "mission_contact", nullable: true })
  missionContact!: string | null;

  @Column({ type: "varchar", length: 256, name: "mission_id" })
  missionId!: string;

  @Column({ type: "varchar", length: 64, name: "platform_name" })
  platformName!: string;

  @InstantColumn({ name: "last_updated_timestamp" })
  lastUpdatedTime!: Instant;
}

import { Entity, PrimaryColumn } from "typeorm";

/**
 * One row per video reference that ever had an imaged moment created. Find-or-create locks
 * the video's row first (FOR UPDATE), so concurrent creates of the same moment serialise
 * and the second one finds the first one's row instead of inserting a duplicate.
 */
@Entity({ name: "imaged_moment_locks" })
export class ImagedMomentLockEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "video_reference_uuid" })
  videoReferenceUuid!: string;
}

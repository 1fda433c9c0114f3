import type { EntityManager } from "typeorm";

/**
 * Serialises imaged-moment creation per video. On MySQL the no-op upsert takes an exclusive
 * lock on each video's row until the transaction ends; videos are locked in sorted order so
 * two transactions cannot deadlock on each other's rows. SQLite runs one transaction at a
 * time already, so there is nothing to lock.
 */
export class MomentLockRepository {
  constructor(private readonly manager: EntityManager) {}

  async lockVideos(videoReferenceUuids: readonly string[]): Promise<void> {
    if (this.manager.connection.options.type !== "mysql") return;
    const videos = [...new Set(videoReferenceUuids)].sort();
    for (let start = 0; start < videos.length; start += 500) {
      const chunk = videos.slice(start, start + 500);
      await this.manager.query(
        `INSERT INTO imaged_moment_locks (video_reference_uuid) VALUES ${chunk.map(() => "(?)").join(", ")}
         ON DUPLICATE KEY UPDATE video_reference_uuid = video_reference_uuid`,
        chunk,
      );
    }
  }
}

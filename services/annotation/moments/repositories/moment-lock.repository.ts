import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";

/**
 * Serialises imaged-moment creation per video. On MySQL and PostgreSQL the no-op upsert takes an
 * exclusive lock on each video's row until the transaction ends (PostgreSQL locks the row it
 * updates, not one it leaves be: DO UPDATE, not DO NOTHING); videos are locked in sorted order so
 * two transactions cannot deadlock on each other's rows. SQLite runs one transaction at a time
 * already, so there is nothing to lock.
 */
export class MomentLockRepository {
  constructor(private readonly manager: EntityManager) {}

  async lockVideos(videoReferenceUuids: readonly string[]): Promise<void> {
    const dialect = dialectOf(this.manager);
    if (dialect === "sqlite") return;
    const keepRow =
      dialect === "mysql"
        ? "ON DUPLICATE KEY UPDATE video_reference_uuid = video_reference_uuid"
        : "ON CONFLICT (video_reference_uuid) DO UPDATE SET video_reference_uuid = excluded.video_reference_uuid";
    const videos = [...new Set(videoReferenceUuids)].sort();
    for (let start = 0; start < videos.length; start += 500) {
      const chunk = videos.slice(start, start + 500);
      await this.manager.query(
        `INSERT INTO imaged_moment_locks (video_reference_uuid) VALUES ${chunk.map(() => "(?)").join(", ")}
         ${keepRow}`,
        chunk,
      );
    }
  }
}

import type { EntityManager } from "typeorm";
import { ChangedRowsRepository } from "../../events/changed-rows.repository.js";
import { recordMomentsDeleted } from "../../events/moment-changes.js";
import { execute } from "../../moments/repositories/column-update.sql.js";

/** How many rows of each table a video's delete removed. */
export interface VideoDeleteCounts {
  ancillaryData: number;
  imageReferences: number;
  associations: number;
  observations: number;
  imagedMoments: number;
}

const MOMENTS_OF_VIDEO = "SELECT uuid FROM imaged_moments WHERE video_reference_uuid = ?";

/** Deletes a whole video's annotations, children first; run inside a transaction. */
export class FastDeleteRepository {
  constructor(private readonly manager: EntityManager) {}

  async deleteVideo(videoReferenceUuid: string): Promise<VideoDeleteCounts> {
    const run = (sql: string) => execute(this.manager, sql, [videoReferenceUuid]);
    await recordMomentsDeleted(
      this.manager,
      await new ChangedRowsRepository(this.manager).momentsOfVideo(videoReferenceUuid),
    );
    const ancillaryData = await run(
      `DELETE FROM ancillary_data WHERE imaged_moment_uuid IN (${MOMENTS_OF_VIDEO})`,
    );
    const imageReferences = await run(
      `DELETE FROM image_references WHERE imaged_moment_uuid IN (${MOMENTS_OF_VIDEO})`,
    );
    const associations = await run(
      `DELETE FROM associations WHERE observation_uuid IN
       (SELECT o.uuid FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
        WHERE im.video_reference_uuid = ?)`,
    );
    const observations = await run(
      `DELETE FROM observations WHERE imaged_moment_uuid IN (${MOMENTS_OF_VIDEO})`,
    );
    const imagedMoments = await run("DELETE FROM imaged_moments WHERE video_reference_uuid = ?");
    return { ancillaryData, imageReferences, associations, observations, imagedMoments };
  }
}

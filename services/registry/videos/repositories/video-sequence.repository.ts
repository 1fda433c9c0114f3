import type { EntityManager } from "typeorm";
import { type Page, paged } from "../../../kit/sql/page.js";
import type { Instant } from "../../../kit/time/instant.js";
import { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";

export type VideoSequenceChanges = Partial<Pick<VideoSequenceEntity, "name" | "cameraId" | "description">>;

/** Rows of `video_sequences`. */
export class VideoSequenceRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<VideoSequenceEntity | null> {
    return this.manager.findOneBy(VideoSequenceEntity, { uuid });
  }

  findByName(name: string): Promise<VideoSequenceEntity | null> {
    return this.manager.findOneBy(VideoSequenceEntity, { name });
  }

  listPage(page: Page): Promise<VideoSequenceEntity[]> {
    return paged(this.query().orderBy("vs.name"), page).getMany();
  }

  async listNames(): Promise<string[]> {
    return this.names(this.query());
  }

  async listNamesByCamera(cameraId: string): Promise<string[]> {
    return this.names(this.query().where("vs.cameraId = :cameraId", { cameraId }));
  }

  /** Names of sequences without a single video reference (no videos, or only empty ones). */
  async listEmptyNames(): Promise<string[]> {
    return this.names(
      this.query().where(
        "NOT EXISTS (SELECT 1 FROM videos v INNER JOIN video_references vr ON vr.video_uuid = v.uuid" +
          " WHERE v.video_sequence_uuid = vs.uuid)",
      ),
    );
  }

  async listCameraIds(): Promise<string[]> {
    const rows = await this.query()
      .select("vs.cameraId", "camera_id")
      .distinct(true)
      .orderBy("vs.cameraId")
      .getRawMany<{ camera_id: string }>();
    return rows.map((row) => row.camera_id);
  }

  async insert(sequence: VideoSequenceEntity): Promise<void> {
    await this.manager.insert(VideoSequenceEntity, sequence);
  }

  async update(uuid: string, changes: VideoSequenceChanges, lastUpdatedTime: Instant): Promise<void> {
    await this.manager.update(VideoSequenceEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  /** Deletes the sequence (its videos and references cascade); false when there was none. */
  async delete(uuid: string): Promise<boolean> {
    const result = await this.manager.delete(VideoSequenceEntity, { uuid });
    return (result.affected ?? 0) > 0;
  }

  private query() {
    return this.manager.getRepository(VideoSequenceEntity).createQueryBuilder("vs");
  }

  private async names(query: ReturnType<VideoSequenceRepository["query"]>): Promise<string[]> {
    const rows = await query.select("vs.name", "name").orderBy("vs.name").getRawMany<{ name: string }>();
    return rows.map((row) => row.name);
  }
}

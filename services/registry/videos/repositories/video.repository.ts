import type { EntityManager } from "typeorm";
import { type Page, paged } from "../../../kit/sql/page.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { VideoEntity } from "../../entities/video.entity.js";
import { VideoReferenceEntity } from "../../entities/video-reference.entity.js";
import { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";

export type VideoChanges = Partial<
  Pick<VideoEntity, "name" | "videoSequenceUuid" | "start" | "durationMillis" | "description">
>;

/** Rows of `videos`; lists are ordered by start time (then name, for a stable order). */
export class VideoRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<VideoEntity | null> {
    return this.manager.findOneBy(VideoEntity, { uuid });
  }

  findByName(name: string): Promise<VideoEntity | null> {
    return this.manager.findOneBy(VideoEntity, { name });
  }

  findByVideoReference(videoReferenceUuid: string): Promise<VideoEntity | null> {
    return this.query()
      .innerJoin(VideoReferenceEntity, "vr", "vr.videoUuid = v.uuid")
      .where("vr.uuid = :videoReferenceUuid", { videoReferenceUuid })
      .getOne();
  }

  listPage(page: Page): Promise<VideoEntity[]> {
    return paged(this.ordered(this.query()), page).getMany();
  }

  listBySequences(videoSequenceUuids: readonly string[]): Promise<VideoEntity[]> {
    return queryInChunks(videoSequenceUuids, (chunk) =>
      this.ordered(this.query().where("v.videoSequenceUuid IN (:...chunk)", { chunk })).getMany(),
    ).then(sortVideos);
  }

  /** Videos whose start lies in [from, to], both inclusive. */
  listStartingBetween(from: Instant, to: Instant): Promise<VideoEntity[]> {
    return this.ordered(
      this.query().where("v.start BETWEEN :from AND :to", { from: from.toSql(), to: to.toSql() }),
    ).getMany();
  }

  async listNamesBySequenceName(videoSequenceName: string): Promise<string[]> {
    const rows = await this.query()
      .innerJoin(VideoSequenceEntity, "vs", "vs.uuid = v.videoSequenceUuid")
      .where("vs.name = :videoSequenceName", { videoSequenceName })
      .select("v.name", "name")
      .orderBy("v.name")
      .getRawMany<{ name: string }>();
    return rows.map((row) => row.name);
  }

  countReferences(videoUuid: string): Promise<number> {
    return this.manager.countBy(VideoReferenceEntity, { videoUuid });
  }

  async insert(video: VideoEntity): Promise<void> {
    await this.manager.insert(VideoEntity, video);
  }

  async update(uuid: string, changes: VideoChanges, lastUpdatedTime: Instant): Promise<void> {
    await this.manager.update(VideoEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  /** Deletes the video (its references cascade); false when there was none. */
  async delete(uuid: string): Promise<boolean> {
    const result = await this.manager.delete(VideoEntity, { uuid });
    return (result.affected ?? 0) > 0;
  }

  private query() {
    return this.manager.getRepository(VideoEntity).createQueryBuilder("v");
  }

  private ordered(query: ReturnType<VideoRepository["query"]>) {
    return query.orderBy("v.start").addOrderBy("v.name");
  }
}

/** Videos by start time, then name, as the lists order them. */
export function sortVideos<T extends VideoEntity>(videos: T[]): T[] {
  return videos.sort((a, b) => a.start.compare(b.start) || compareText(a.name, b.name));
}

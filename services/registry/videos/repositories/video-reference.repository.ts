import type { EntityManager } from "typeorm";
import { type Page, paged } from "../../../kit/sql/page.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { VideoReferenceEntity } from "../../entities/video-reference.entity.js";

export type VideoReferenceChanges = Partial<Omit<VideoReferenceEntity, "uuid" | "lastUpdatedTime">>;

/** Rows of `video_references`; lists are ordered by URI. */
export class VideoReferenceRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<VideoReferenceEntity | null> {
    return this.manager.findOneBy(VideoReferenceEntity, { uuid });
  }

  findByUri(uri: string): Promise<VideoReferenceEntity | null> {
    return this.manager.findOneBy(VideoReferenceEntity, { uri });
  }

  /** The first reference (by URI) with the digest: digests are not unique. */
  findBySha512(sha512: string): Promise<VideoReferenceEntity | null> {
    return this.query().where("vr.sha512 = :sha512", { sha512 }).orderBy("vr.uri").limit(1).getOne();
  }

  listPage(page: Page): Promise<VideoReferenceEntity[]> {
    return paged(this.query().orderBy("vr.uri"), page).getMany();
  }

  async listByVideos(videoUuids: readonly string[]): Promise<VideoReferenceEntity[]> {
    const references = await queryInChunks(videoUuids, (chunk) =>
      this.query().where("vr.videoUuid IN (:...chunk)", { chunk }).orderBy("vr.uri").getMany(),
    );
    return references.sort((a, b) => compareText(a.uri, b.uri));
  }

  async listUris(): Promise<string[]> {
    const rows = await this.query().select("vr.uri", "uri").orderBy("vr.uri").getRawMany<{ uri: string }>();
    return rows.map((row) => row.uri);
  }

  async insert(reference: VideoReferenceEntity): Promise<void> {
    await this.manager.insert(VideoReferenceEntity, reference);
  }

  async update(uuid: string, changes: VideoReferenceChanges, lastUpdatedTime: Instant): Promise<void> {
    await this.manager.update(VideoReferenceEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  /** Deletes the reference; false when there was none. */
  async delete(uuid: string): Promise<boolean> {
    const result = await this.manager.delete(VideoReferenceEntity, { uuid });
    return (result.affected ?? 0) > 0;
  }

  private query() {
    return this.manager.getRepository(VideoReferenceEntity).createQueryBuilder("vr");
  }
}

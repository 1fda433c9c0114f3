import type { EntityManager } from "typeorm";
import { type Page, paged } from "../../../kit/sql/page.js";
import type { Instant } from "../../../kit/time/instant.js";
import { VideoReferenceInfoEntity } from "../../entities/video-reference-info.entity.js";

export type VideoReferenceInfoChanges = Partial<
  Pick<VideoReferenceInfoEntity, "videoReferenceUuid" | "platformName" | "missionId" | "missionContact">
>;

/** Rows of `video_reference_information`; lists are ordered by UUID. */
export class VideoReferenceInfoRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<VideoReferenceInfoEntity | null> {
    return this.manager.findOneBy(VideoReferenceInfoEntity, { uuid });
  }

  findByVideoReference(videoReferenceUuid: string): Promise<VideoReferenceInfoEntity | null> {
    return this.manager.findOneBy(VideoReferenceInfoEntity, { videoReferenceUuid });
  }

  listPage(page: Page): Promise<VideoReferenceInfoEntity[]> {
    return paged(this.query().orderBy("vri.uuid"), page).getMany();
  }

  listByMissionId(missionId: string): Promise<VideoReferenceInfoEntity[]> {
    return this.query().where("vri.missionId = :missionId", { missionId }).orderBy("vri.uuid").getMany();
  }

  listByMissionContact(missionContact: string): Promise<VideoReferenceInfoEntity[]> {
    return this.query()
      .where("vri.missionContact = :missionContact", { missionContact })
      .orderBy("vri.uuid")
      .getMany();
  }

  listVideoReferenceUuids(): Promise<string[]> {
    return this.distinct("videoReferenceUuid");
  }

  listMissionIds(): Promise<string[]> {
    return this.distinct("missionId");
  }

  listMissionContacts(): Promise<string[]> {
    return this.distinct("missionContact");
  }

  async insert(info: VideoReferenceInfoEntity): Promise<void> {
    await this.manager.insert(VideoReferenceInfoEntity, info);
  }

  async update(uuid: string, changes: VideoReferenceInfoChanges, lastUpdatedTime: Instant): Promise<void> {
    await this.manager.update(VideoReferenceInfoEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  /** False when there was no such record. */
  async delete(uuid: string): Promise<boolean> {
    const result = await this.manager.delete(VideoReferenceInfoEntity, { uuid });
    return (result.affected ?? 0) > 0;
  }

  /** Distinct non-null values of a column, sorted (binary collation on both databases). */
  private async distinct(property: "videoReferenceUuid" | "missionId" | "missionContact"): Promise<string[]> {
    const rows = await this.query()
      .select(`vri.${property}`, "value")
      .distinct(true)
      .where(`vri.${property} IS NOT NULL`)
      .orderBy("value")
      .getRawMany<{ value: string }>();
    return rows.map((row) => row.value);
  }

  private query() {
    return this.manager.getRepository(VideoReferenceInfoEntity).createQueryBuilder("vri");
  }
}

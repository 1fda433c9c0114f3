import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";
import { type Page, paged } from "../../../kit/sql/page.js";
import { byText } from "../../../kit/sql/text-order.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { CASE_UPDATE_CHUNK, caseUpdateStatement } from "../../annotations/repositories/case-update.sql.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { recordMomentsChanged } from "../../events/moment-changes.js";

/** A new recorded timestamp for one imaged moment. */
export interface RecordedTimestampChange {
  uuid: string;
  recordedTimestamp: Instant;
}

/** The time indices of imaged moments (a view onto `imaged_moments`); lists are ordered by UUID. */
export class IndexRepository {
  constructor(private readonly manager: EntityManager) {}

  listByVideoReference(videoReferenceUuid: string, page: Page): Promise<ImagedMomentEntity[]> {
    const query = this.query()
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .orderBy("im.uuid");
    return paged(query, page).getMany();
  }

  async listByUuids(uuids: readonly string[]): Promise<ImagedMomentEntity[]> {
    const moments = await queryInChunks(uuids, (chunk) =>
      this.query().where("im.uuid IN (:...chunk)", { chunk }).getMany(),
    );
    return moments.sort(byText((moment) => moment.uuid));
  }

  /** One UPDATE per chunk of moments, each row getting its own timestamp. */
  async updateRecordedTimestamps(
    changes: readonly RecordedTimestampChange[],
    lastUpdatedTime: Instant,
  ): Promise<void> {
    await recordMomentsChanged(
      this.manager,
      changes.map((change) => change.uuid),
    );
    for (let start = 0; start < changes.length; start += CASE_UPDATE_CHUNK) {
      const rows = changes.slice(start, start + CASE_UPDATE_CHUNK).map((change) => ({
        key: change.uuid,
        values: [change.recordedTimestamp.toSql()],
      }));
      const statement = caseUpdateStatement(
        "imaged_moments",
        "uuid",
        ["recorded_timestamp"],
        rows,
        dialectOf(this.manager),
        {
          last_updated_timestamp: lastUpdatedTime.toSql(),
        },
      );
      await this.manager.query(statement.sql, statement.params);
    }
  }

  private query() {
    return this.manager.getRepository(ImagedMomentEntity).createQueryBuilder("im");
  }
}

import type { EntityManager } from "typeorm";
import { type Page, pageClause } from "../../../kit/sql/page.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";
import { filterSql, whereClause } from "../../fast/repositories/fast-filter.sql.js";
import type { Row } from "../../shared/row-mappers.js";

/** Keys bound per statement (MariaDB turns IN lists of 1,000 or more into a subquery). */
const KEYS_PER_STATEMENT = 999;

/** What a dataset needs of the annotations besides the fast reads: counts per video, a page's videos. */
export class DatasetAnnotationRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  /** The number of observations of each video reference that has any. */
  async countByVideoReference(videoReferenceUuids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (let start = 0; start < videoReferenceUuids.length; start += KEYS_PER_STATEMENT) {
      const chunk = videoReferenceUuids.slice(start, start + KEYS_PER_STATEMENT);
      const rows: Row[] = await this.manager.query(
        `SELECT im.video_reference_uuid AS video_reference_uuid, COUNT(*) AS n
         FROM imaged_moments im JOIN observations o ON o.imaged_moment_uuid = im.uuid
         WHERE im.video_reference_uuid IN (${placeholders(chunk.length)})
         GROUP BY im.video_reference_uuid`,
        chunk,
      );
      for (const row of rows) counts.set(String(row.video_reference_uuid), Number(row.n));
    }
    return counts;
  }

  /**
   * The video references of the page of a concept's annotations that the fast query by concept
   * reads (ordered by observation UUID), each once.
   */
  async videoReferencesOfConceptPage(concept: string, page: Page): Promise<string[]> {
    const { from, where, params } = filterSql({ concept }, { dialect: this.dialect });
    const limit = pageClause(page);
    const rows: Row[] = await this.manager.query(
      `SELECT DISTINCT p.video_reference_uuid AS video_reference_uuid
       FROM (SELECT o.uuid, im.video_reference_uuid FROM ${from}${whereClause(where)}
             ORDER BY o.uuid${limit.sql}) p`,
      [...params, ...limit.params],
    );
    return rows.map((row) => String(row.video_reference_uuid));
  }
}

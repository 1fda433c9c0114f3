import type { EntityManager } from "typeorm";
import { indexedBy, leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import { type Page, pageClause } from "../../../kit/sql/page.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";

const HAS_IMAGE = "EXISTS (SELECT 1 FROM image_references ir WHERE ir.imaged_moment_uuid = im.uuid)";

/** Read-only searches over `imaged_moments`: they return moment UUIDs (ordered by UUID) or counts. */
export class MomentQueryRepository {
  constructor(private readonly manager: EntityManager) {}

  pageAll(page: Page): Promise<string[]> {
    return this.uuids("SELECT im.uuid FROM imaged_moments im", [], page);
  }

  countAll(): Promise<number> {
    return this.count("SELECT COUNT(*) AS n FROM imaged_moments", []);
  }

  /**
   * Read in the order of the images' moment index, which is the page's order: a page of 100
   * reads about 100 images. Walking the moments and probing each for an image read 20 moments per
   * page row in bench:routes (every 20th has one), and MariaDB sorted every image's moment first.
   * Every image's moment exists (foreign key), so the moments themselves are not read.
   */
  pageWithImages(page: Page): Promise<string[]> {
    return this.uuids(
      "SELECT ir.imaged_moment_uuid AS uuid FROM image_references ir GROUP BY ir.imaged_moment_uuid",
      [],
      page,
      "ir.imaged_moment_uuid",
    );
  }

  countWithImages(videoReferenceUuid?: string): Promise<number> {
    const video = videoReferenceUuid === undefined ? "" : " AND im.video_reference_uuid = ?";
    return this.count(
      `SELECT COUNT(*) AS n FROM imaged_moments im WHERE ${HAS_IMAGE}${video}`,
      videoReferenceUuid === undefined ? [] : [videoReferenceUuid],
    );
  }

  /**
   * The link name's associations, each observation's moment, all from covering indexes
   * (link-name-indexes migration), then the distinct moments sorted. Every observation's moment
   * exists (foreign key), so the moments themselves are not read: as `im.uuid IN (…)` MariaDB
   * built and sorted a temporary table of the subquery's moments too.
   */
  pageByLinkName(linkName: string, page: Page): Promise<string[]> {
    return this.uuids(
      `SELECT DISTINCT o.imaged_moment_uuid AS uuid FROM ${this.linkNameObservations()}`,
      [linkName],
      page,
      "o.imaged_moment_uuid",
    );
  }

  countByLinkName(linkName: string): Promise<number> {
    return this.count(
      `SELECT COUNT(DISTINCT o.imaged_moment_uuid) AS n FROM ${this.linkNameObservations()}`,
      [linkName],
    );
  }

  /**
   * The concept's observations' distinct moments, from the concept's index: every
   * observation's moment exists (foreign key), so the moments themselves are not read. As
   * `im.uuid IN (…)` SQLite built the list of the concept's moments, then probed the moments'
   * key for each in order (0.49 ms against 0.19 ms for a concept of 926 observations).
   * With images, each observation probes the images' index (conceptObservationsWithImages).
   */
  pageByConcept(concept: string, withImages: boolean, page: Page): Promise<string[]> {
    const from = withImages ? this.conceptObservationsWithImages() : "observations o WHERE o.concept = ?";
    return this.uuids(
      `SELECT DISTINCT o.imaged_moment_uuid AS uuid FROM ${from}`,
      [concept],
      page,
      "o.imaged_moment_uuid",
    );
  }

  /** Observations of the concept (the legacy count of joined moment and observation rows). */
  countObservationsOfConcept(concept: string): Promise<number> {
    return this.count("SELECT COUNT(*) AS n FROM observations o WHERE o.concept = ?", [concept]);
  }

  countByConceptWithImages(concept: string): Promise<number> {
    return this.count(
      `SELECT COUNT(DISTINCT o.imaged_moment_uuid) AS n FROM ${this.conceptObservationsWithImages()}`,
      [concept],
    );
  }

  pageModified(start: Instant, end: Instant, page: Page): Promise<string[]> {
    return this.uuids(`SELECT im.uuid FROM ${MODIFIED} im`, modifiedParams(start, end), page);
  }

  countModified(start: Instant, end: Instant): Promise<number> {
    return this.count(`SELECT COUNT(*) AS n FROM ${MODIFIED} im`, modifiedParams(start, end));
  }

  async countsPerVideo(): Promise<{ videoReferenceUuid: string; count: number }[]> {
    const rows: { video: string; n: number | string }[] = await this.manager.query(
      "SELECT video_reference_uuid AS video, COUNT(*) AS n FROM imaged_moments GROUP BY video_reference_uuid ORDER BY video_reference_uuid",
    );
    return rows.map((row) => ({ videoReferenceUuid: row.video, count: Number(row.n) }));
  }

  async videoReferenceUuids(): Promise<string[]> {
    const rows: { video: string }[] = await this.manager.query(
      "SELECT DISTINCT video_reference_uuid AS video FROM imaged_moments ORDER BY video_reference_uuid",
    );
    return rows.map((row) => row.video);
  }

  byVideo(videoReferenceUuid: string): Promise<string[]> {
    return this.uuids("SELECT im.uuid FROM imaged_moments im WHERE im.video_reference_uuid = ?", [
      videoReferenceUuid,
    ]);
  }

  countModifiedBefore(videoReferenceUuid: string, before: Instant): Promise<number> {
    return this.count(
      "SELECT COUNT(*) AS n FROM imaged_moments WHERE video_reference_uuid = ? AND last_updated_timestamp < ?",
      [videoReferenceUuid, before.toSql()],
    );
  }

  async momentOfObservation(observationUuid: string): Promise<string | undefined> {
    return this.first("SELECT imaged_moment_uuid AS uuid FROM observations WHERE uuid = ?", observationUuid);
  }

  /** The imaged moment of each known observation. */
  async momentsOfObservations(observationUuids: readonly string[]): Promise<Map<string, string>> {
    const rows = await queryInChunks(
      observationUuids,
      (chunk) =>
        this.manager.query(
          `SELECT uuid, imaged_moment_uuid AS moment FROM observations WHERE uuid IN (${placeholders(chunk.length)})`,
          chunk,
        ) as Promise<{ uuid: string; moment: string }[]>,
    );
    return new Map(rows.map((row) => [row.uuid, row.moment]));
  }

  /** Moments of the videos recorded within [from, to], ordered by UUID. */
  inWindow(
    videoReferenceUuids: readonly string[],
    from: Instant,
    to: Instant,
    page: Page,
  ): Promise<string[]> {
    if (videoReferenceUuids.length === 0) return Promise.resolve([]);
    return this.uuids(
      `SELECT im.uuid FROM imaged_moments im WHERE im.video_reference_uuid IN (${placeholders(videoReferenceUuids.length)})
       AND im.recorded_timestamp BETWEEN ? AND ?`,
      [...videoReferenceUuids, from.toSql(), to.toSql()],
      page,
    );
  }

  /**
   * The concept's observations whose moment has an image, the images' index probed for each
   * observation (one parameter: the concept). MariaDB reads both from covering indexes
   * (concept-moment-indexes migration), the concept's in the moments' order. As the moments IN
   * the concept's and with an image (EXISTS), MariaDB built a table of all 5,000 images'
   * moments of bench:routes for every page and count (a page 2.4 -> 0.7 ms, a
   * count 3-13 -> 1.6-2.5 ms, for a concept of 509 observations); with the EXISTS on the
   * observations it walked every observation in moment order to skip the sort, testing the
   * concept and the images row by row (913 ms p50 at c16 against 52 ms).
   */
  private conceptObservationsWithImages(): string {
    return `observations o ${leftFirstJoin(this.manager)} image_references ir
      ON ir.imaged_moment_uuid = o.imaged_moment_uuid WHERE o.concept = ?`;
  }

  /**
   * The observations of a link name's associations. A set built from the link name's index costs
   * what the name's associations are (3,300 in bench:routes); a walk of the moments in page order
   * probing each for the name costs as much for a name that common (one moment in 30 has it) and
   * reads every moment for a rare one. SQLite prefers the observations' unique key, which needs the
   * row for the moment, to the covering index without the hint.
   */
  private linkNameObservations(): string {
    return `associations a JOIN observations o${indexedBy(this.manager, "idx_observations__uuid_moment")}
      ON o.uuid = a.observation_uuid WHERE a.link_name = ?`;
  }

  private async uuids(
    select: string,
    params: unknown[],
    page: Page = {},
    order = "im.uuid",
  ): Promise<string[]> {
    const limit = pageClause(page);
    const rows: { uuid: string }[] = await this.manager.query(`${select} ORDER BY ${order}${limit.sql}`, [
      ...params,
      ...limit.params,
    ]);
    return rows.map((row) => row.uuid);
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    const rows: { n: number | string }[] = await this.manager.query(sql, params);
    return Number(rows[0]?.n ?? 0);
  }

  private async first(sql: string, param: string): Promise<string | undefined> {
    const rows: { uuid: string }[] = await this.manager.query(sql, [param]);
    return rows[0]?.uuid;
  }
}

/**
 * The UUIDs of the moments changed, or with an observation changed, in a window: each branch
 * reads its table's last-updated index and the UNION keeps each moment once. As one OR of the
 * two conditions MariaDB walked every moment of the table and probed the observations' list
 * for each (450 ms for the 20 moments edited after bench:routes' 100,000 were loaded).
 */
const MODIFIED = `(SELECT m.uuid FROM imaged_moments m WHERE m.last_updated_timestamp BETWEEN ? AND ?
  UNION SELECT o.imaged_moment_uuid FROM observations o WHERE o.last_updated_timestamp BETWEEN ? AND ?)`;

function modifiedParams(start: Instant, end: Instant): string[] {
  return [start.toSql(), end.toSql(), start.toSql(), end.toSql()];
}

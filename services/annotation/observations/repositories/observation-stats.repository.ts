import type { EntityManager } from "typeorm";
import { leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ObservationEntity } from "../../entities/observation.entity.js";
import { recordChangesFound } from "../../events/change-recorder.js";
import { ChangedRowsRepository } from "../../events/changed-rows.repository.js";

/** The observation columns whose distinct values can be listed (never spliced from input). */
const LISTED_COLUMNS = { activity: "activity", group: "observation_group", concept: "concept" } as const;
export type ListedColumn = keyof typeof LISTED_COLUMNS;

export interface VideoCount {
  videoReferenceUuid: string;
  count: number;
}

/** Counts, distinct values and renames over `observations`, each one set-based statement. */
export class ObservationStatsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The distinct non-null values of the column, sorted. */
  async distinctValues(column: ListedColumn): Promise<string[]> {
    const name = LISTED_COLUMNS[column];
    const rows: { value: string }[] = await this.manager.query(
      `SELECT DISTINCT ${name} AS value FROM observations WHERE ${name} IS NOT NULL ORDER BY ${name}`,
    );
    return rows.map((row) => row.value);
  }

  async distinctConceptsOfVideo(videoReferenceUuid: string): Promise<string[]> {
    const rows: { value: string }[] = await this.manager.query(
      `SELECT DISTINCT o.concept AS value FROM observations o
       JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       WHERE im.video_reference_uuid = ? AND o.concept IS NOT NULL ORDER BY o.concept`,
      [videoReferenceUuid],
    );
    return rows.map((row) => row.value);
  }

  countByConcept(concept: string): Promise<number> {
    return this.count("SELECT COUNT(*) AS n FROM observations WHERE concept = ?", [concept]);
  }

  /**
   * Observations of the concept whose imaged moment has at least one image, probing the images'
   * index for each observation (leftFirstJoin): with the images' EXISTS MariaDB built a table of
   * all 5,000 images' moments of bench:routes for every count.
   */
  countWithImagesByConcept(concept: string): Promise<number> {
    return this.count(
      `SELECT COUNT(DISTINCT o.uuid) AS n FROM observations o
       ${leftFirstJoin(this.manager)} image_references ir ON ir.imaged_moment_uuid = o.imaged_moment_uuid
       WHERE o.concept = ?`,
      [concept],
    );
  }

  /** Observations of the video, only those recorded within [start, end] when a range is given. */
  countByVideo(videoReferenceUuid: string, range?: { start: Instant; end: Instant }): Promise<number> {
    const within = range ? " AND im.recorded_timestamp BETWEEN ? AND ?" : "";
    const bounds = range ? [range.start.toSql(), range.end.toSql()] : [];
    return this.count(
      `SELECT COUNT(*) AS n FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       WHERE im.video_reference_uuid = ?${within}`,
      [videoReferenceUuid, ...bounds],
    );
  }

  /** One count per video with imaged moments (0 when none has observations), ordered by video. */
  async countsPerVideo(): Promise<VideoCount[]> {
    const rows: { video: string; n: number | string }[] = await this.manager.query(
      `SELECT im.video_reference_uuid AS video, COUNT(o.uuid) AS n FROM imaged_moments im
       LEFT JOIN observations o ON o.imaged_moment_uuid = im.uuid
       GROUP BY im.video_reference_uuid ORDER BY im.video_reference_uuid`,
    );
    return rows.map((row) => ({ videoReferenceUuid: row.video, count: Number(row.n) }));
  }

  /** Sets the new concept on every observation with the old one; returns how many changed. */
  async renameConcept(oldConcept: string, newConcept: string, lastUpdatedTime: Instant): Promise<number> {
    await recordChangesFound(this.manager, "UPDATED", "OBSERVATION", () =>
      new ChangedRowsRepository(this.manager).observationsWithConcept(oldConcept),
    );
    const result = await this.manager
      .createQueryBuilder()
      .update(ObservationEntity)
      .set({ concept: newConcept, lastUpdatedTime })
      .where("concept = :oldConcept", { oldConcept })
      .execute();
    return result.affected ?? 0;
  }

  private async count(sql: string, parameters: unknown[]): Promise<number> {
    const rows: { n: number | string }[] = await this.manager.query(sql, parameters);
    return Number(rows[0]?.n ?? 0);
  }
}

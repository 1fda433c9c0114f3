/**
 * The floors of the annotation query benchmark: the SQL m3's fast, histogram and tabular
 * query repositories run (services/annotation/fast, services/annotation/query), executed
 * directly with mysql2 on the same database. Rows only: no objects, no JSON, no TSV.
 */
import type { Pool } from "mysql2/promise";
import {
  annotationsViewSelect,
  VIEW_COLUMNS,
} from "../../../../services/annotation/query/view/annotations-view.js";
import { Instant } from "../../../../services/kit/time/instant.js";

/** A query constraint the benchmark sends: one concept (the 1% one), or every annotation. */
export type Selection = { concept: string } | "all-with-depth" | "all-in-time";

const MOMENT_JOIN = "JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid";
/** The depth histogram's join, through the covering index m3 names (histogram.repository.ts). */
const DATA_JOIN =
  "JOIN ancillary_data ad FORCE INDEX (idx_ancillary_data__moment_depth) ON ad.imaged_moment_uuid = o.imaged_moment_uuid";

/**
 * m3's fast filter (fast-filter.sql.ts) for a concept: the UNION of the two concept indexes;
 * the moment is joined only when `withMoment` (as m3 does for the reads that need it).
 */
function selected(selection: { concept: string }, withMoment: boolean): { from: string; params: unknown[] } {
  return {
    from: `(SELECT uuid AS observation_uuid FROM observations WHERE concept IN (?)
        UNION SELECT observation_uuid FROM associations WHERE to_concept IN (?)) c
        JOIN observations o ON o.uuid = c.observation_uuid${withMoment ? ` ${MOMENT_JOIN}` : ""}`,
    params: [selection.concept, selection.concept],
  };
}

/** The time histogram's start when no min_timestamp is given (the legacy default). */
export const TIME_START = Instant.parse("1987-01-01T00:00:00Z") as Instant;
/** m3's child reads: IN lists under 1,000 keys (MariaDB keeps those on the index). */
const IN_CHUNK = 999;

/** POST /v1/fast: the page of observations with their moments, then their associations and images. */
export async function floorFast(pool: Pool, selection: { concept: string }, limit: number): Promise<number> {
  const s = selected(selection, true);
  const [rows] = await pool.query(
    `SELECT o.uuid, o.imaged_moment_uuid, o.activity, o.concept, o.duration_millis, o.observation_group,
            o.observation_timestamp, o.observer, o.last_updated_timestamp, im.uuid AS im_uuid,
            im.video_reference_uuid AS im_video_reference_uuid, im.elapsed_time_millis AS im_elapsed_time_millis,
            im.recorded_timestamp AS im_recorded_timestamp, im.timecode AS im_timecode,
            im.last_updated_timestamp AS im_last_updated_timestamp
       FROM ${s.from} ORDER BY o.uuid LIMIT ?`,
    [...s.params, limit],
  );
  const observations = rows as { uuid: string; im_uuid: string }[];
  const chunks = (keys: string[]) =>
    Array.from({ length: Math.ceil(keys.length / IN_CHUNK) }, (_, i) =>
      keys.slice(i * IN_CHUNK, (i + 1) * IN_CHUNK),
    );
  for (const chunk of chunks(observations.map((row) => row.uuid))) {
    await pool.query(
      `SELECT uuid, observation_uuid, link_name, to_concept, link_value, mime_type, last_updated_timestamp
         FROM associations FORCE INDEX (idx_associations__observation_uuid) WHERE observation_uuid IN (?)`,
      [chunk],
    );
  }
  for (const chunk of chunks([...new Set(observations.map((row) => row.im_uuid))])) {
    await pool.query(
      `SELECT ir.uuid, ir.imaged_moment_uuid, ir.description, ir.format, ir.height_pixels, ir.url,
              ir.width_pixels, ir.last_updated_timestamp
         FROM image_references ir FORCE INDEX (idx_image_references__imaged_moment_uuid)
        WHERE ir.imaged_moment_uuid IN (?)`,
      [chunk],
    );
  }
  return observations.length;
}

/** POST /v1/fast/count. */
export async function floorCount(pool: Pool, selection: { concept: string }): Promise<number> {
  const s = selected(selection, false);
  const [rows] = await pool.query(`SELECT COUNT(*) AS n FROM ${s.from}`, s.params);
  return Number((rows as { n: number }[])[0]?.n);
}

/**
 * The histograms' selection: the concept's (joined to `join`), or every observation joined to
 * it; the bins' range is the only condition, as m3 narrows the constraint's own range to it.
 */
function binned(selection: Selection, join: string): { from: string; params: unknown[] } {
  if (typeof selection === "string") return { from: `observations o ${join}`, params: [] };
  const s = selected(selection, false);
  return { from: `${s.from} ${join}`, params: s.params };
}

const total = (rows: unknown) =>
  (rows as { n: number | string }[]).reduce((sum, row) => sum + Number(row.n), 0);
const MICROS_PER_DAY = 86_400_000_000;

/**
 * POST /v1/histogram/depth: bins of `size` metres below 4,000 m. Over every annotation, m3
 * sums the counts kept per metre (histogram-counts.sql.ts); for a concept, the join counts.
 */
export async function floorDepthHistogram(pool: Pool, selection: Selection, size: number): Promise<number> {
  if (selection !== "all-with-depth") return joinedDepthHistogram(pool, selection, size);
  const [rows] = await pool.query(
    `SELECT depth_meter DIV ? AS bin, SUM(annotations) AS n FROM histogram_depth_counts
      WHERE depth_meter >= ? AND depth_meter < ? GROUP BY bin`,
    [size, 0, 4000],
  );
  return total(rows);
}

/** The depth histogram by the join over the annotations: the reference every answer is checked against. */
export async function joinedDepthHistogram(pool: Pool, selection: Selection, size: number): Promise<number> {
  const s = binned(selection, DATA_JOIN);
  const [rows] = await pool.query(
    `SELECT FLOOR(ad.depth_meters / ?) AS bin, COUNT(*) AS n FROM ${s.from}
      WHERE ad.depth_meters >= ? AND ad.depth_meters < ? GROUP BY bin`,
    [size, ...s.params, 0, 4000],
  );
  return total(rows);
}

/**
 * POST /v1/histogram/time: bins of `days` from 1987-01-01 up to `end`. Over every annotation,
 * m3 sums the counts kept per day; for a concept, the join counts.
 */
export async function floorTimeHistogram(
  pool: Pool,
  selection: Selection,
  days: number,
  end: Instant,
): Promise<number> {
  if (selection !== "all-in-time") return joinedTimeHistogram(pool, selection, days, end);
  const first = TIME_START.epochMicros / MICROS_PER_DAY;
  const bins = Math.ceil(end.compare(TIME_START) / (days * MICROS_PER_DAY));
  const [rows] = await pool.query(
    `SELECT (recorded_day - ?) DIV ? AS bin, SUM(annotations) AS n FROM histogram_day_counts
      WHERE recorded_day >= ? AND recorded_day < ? GROUP BY bin`,
    [first, days, first, first + bins * days],
  );
  return total(rows);
}

/** The time histogram by the join over the annotations: the reference every answer is checked against. */
export async function joinedTimeHistogram(
  pool: Pool,
  selection: Selection,
  days: number,
  end: Instant,
): Promise<number> {
  const s = binned(selection, MOMENT_JOIN);
  const widthMicros = days * MICROS_PER_DAY;
  const bins = Math.ceil(end.compare(TIME_START) / widthMicros);
  const last = TIME_START.plusMillis((widthMicros / 1000) * bins);
  const [rows] = await pool.query(
    `SELECT TIMESTAMPDIFF(MICROSECOND, ?, im.recorded_timestamp) DIV ? AS bin, COUNT(*) AS n FROM ${s.from}
      WHERE im.recorded_timestamp >= ? AND im.recorded_timestamp < ? GROUP BY bin`,
    [TIME_START.toSql(), widthMicros, ...s.params, TIME_START.toSql(), last.toSql()],
  );
  return total(rows);
}

/** Every column of the `annotations` view, in its order: what the download selects. */
export const DOWNLOAD_COLUMNS = VIEW_COLUMNS.map((column) => column.name);

/** A download of every row and column, in one of two orders. */
export interface DownloadCase {
  label: string;
  /** The request body: without orderBy, a strict query orders by its first column. */
  body: { select: string[]; orderBy?: string[] };
  /** The ORDER BY m3 runs for that body. */
  order: string[];
}

export const DOWNLOADS: readonly DownloadCase[] = [
  {
    label: "strict default order (the first column, imaged_moment_uuid)",
    body: { select: DOWNLOAD_COLUMNS },
    order: ["imaged_moment_uuid"],
  },
  {
    label: "orderBy index_recorded_timestamp, observation_uuid",
    body: { select: DOWNLOAD_COLUMNS, orderBy: ["index_recorded_timestamp", "observation_uuid"] },
    order: ["index_recorded_timestamp", "observation_uuid"],
  },
];

/**
 * POST /v1/query/download of every row: the view's SELECT (joined to the registry's tables
 * in `registrySchema`, as M3_ANNOTATION_REGISTRY_SCHEMA makes m3 do), streamed row by row.
 */
export function floorDownload(pool: Pool, registrySchema: string, order: readonly string[]): Promise<number> {
  const sql = `SELECT ${DOWNLOAD_COLUMNS.join(", ")} FROM (${annotationsViewSelect(registrySchema)}) annotations
    ORDER BY ${order.join(", ")} ASC`;
  return new Promise((resolve, reject) => {
    let rows = 0;
    pool.pool
      .query(sql)
      .stream({ highWaterMark: 1000 })
      .on("data", () => {
        rows++;
      })
      .on("end", () => resolve(rows))
      .on("error", reject);
  });
}

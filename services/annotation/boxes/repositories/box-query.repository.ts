import { placeholders } from "../../../kit/sql/placeholders.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type RowValues, streamRowValueBatches } from "../../../kit/storage/row-stream.js";
import { Instant } from "../../../kit/time/instant.js";
import { BOX_INDEX_TABLE } from "./box-index.sql.js";

/** Which indexed boxes a read takes; absent fields match every box. */
export interface BoxFilter {
  concepts?: readonly string[];
  videoReferenceUuids?: readonly string[];
  verified?: boolean;
  generator?: string;
}

/** One indexed box with its image. */
export interface BoxRow {
  associationUuid: string;
  observationUuid: string;
  imagedMomentUuid: string;
  videoReferenceUuid: string;
  concept: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  generator: string | null;
  verifier: string | null;
  imageReferenceUuid: string | null;
  imageUrl: string | null;
  imageWidthPixels: number | null;
  imageHeightPixels: number | null;
  elapsedTimeMillis: number | null;
  recordedTimestamp: Instant | null;
}

const COLUMNS = `b.association_uuid, b.observation_uuid, b.imaged_moment_uuid, b.video_reference_uuid, b.concept,
  b.x, b.y, b.width, b.height, b.generator, b.verifier, b.image_reference_uuid, ir.url, ir.width_pixels,
  ir.height_pixels, b.elapsed_time_millis, b.recorded_timestamp`;

// The same order on every engine: NULL elapsed times first, as MySQL and SQLite sort them.
const ORDER = `ORDER BY b.video_reference_uuid, CASE WHEN b.elapsed_time_millis IS NULL THEN 0 ELSE 1 END,
  b.elapsed_time_millis, b.association_uuid`;

/** Reads of the box index (box-index.sql.ts), joined to the images the boxes name. */
export class BoxQueryRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** The boxes matching `filter` in index order, `limit` of them after `offset`. */
  async list(filter: BoxFilter, limit: number, offset: number, signal: AbortSignal): Promise<BoxRow[]> {
    const rows: BoxRow[] = [];
    for await (const batch of this.batches(filter, signal, { limit, offset })) rows.push(...batch);
    return rows;
  }

  /** How many boxes match `filter`. */
  async count(filter: BoxFilter): Promise<number> {
    const { where, params } = conditions(filter);
    const [row] = (await this.storage.read((manager) =>
      manager.query(`SELECT COUNT(*) AS n FROM ${BOX_INDEX_TABLE} b ${where}`, params),
    )) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  /** Every box matching `filter`, in index order, a batch at a time (memory holds one batch). */
  async *stream(filter: BoxFilter, signal: AbortSignal): AsyncGenerator<BoxRow[]> {
    yield* this.batches(filter, signal);
  }

  private async *batches(
    filter: BoxFilter,
    signal: AbortSignal,
    page?: { limit: number; offset: number },
  ): AsyncGenerator<BoxRow[]> {
    const { where, params } = conditions(filter);
    const paging = page ? ` LIMIT ${page.limit} OFFSET ${page.offset}` : "";
    const sql = `SELECT ${COLUMNS} FROM ${BOX_INDEX_TABLE} b
      LEFT JOIN image_references ir ON ir.uuid = b.image_reference_uuid
      ${where} ${ORDER}${paging}`;
    for await (const batch of streamRowValueBatches(this.storage, sql, params, signal)) {
      yield batch.map(boxOfValues);
    }
  }
}

function conditions(filter: BoxFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.concepts !== undefined) {
    clauses.push(
      filter.concepts.length > 0 ? `b.concept IN (${placeholders(filter.concepts.length)})` : "1 = 0",
    );
    params.push(...filter.concepts);
  }
  if (filter.videoReferenceUuids !== undefined) {
    const uuids = filter.videoReferenceUuids;
    clauses.push(uuids.length > 0 ? `b.video_reference_uuid IN (${placeholders(uuids.length)})` : "1 = 0");
    params.push(...uuids);
  }
  if (filter.verified !== undefined) clauses.push(`b.verifier IS ${filter.verified ? "NOT " : ""}NULL`);
  if (filter.generator !== undefined) {
    clauses.push("b.generator = ?");
    params.push(filter.generator);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const numeric = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function boxOfValues(values: RowValues): BoxRow {
  const [association, observation, moment, video, concept, x, y, width, height, generator, verifier] = values;
  const [image, url, imageWidth, imageHeight, elapsed, recorded] = values.slice(11);
  return {
    associationUuid: String(association),
    observationUuid: String(observation),
    imagedMomentUuid: String(moment),
    videoReferenceUuid: String(video),
    concept: text(concept),
    x: Number(x),
    y: Number(y),
    width: Number(width),
    height: Number(height),
    generator: text(generator),
    verifier: text(verifier),
    imageReferenceUuid: text(image),
    imageUrl: text(url),
    imageWidthPixels: numeric(imageWidth),
    imageHeightPixels: numeric(imageHeight),
    elapsedTimeMillis: numeric(elapsed),
    recordedTimestamp: recorded === null || recorded === undefined ? null : Instant.fromSql(String(recorded)),
  };
}

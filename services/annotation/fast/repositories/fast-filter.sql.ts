import { leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";

/** A numeric range: `>= min` and `< max`, each only when given. */
export interface NumberRange {
  min?: number;
  max?: number;
}

/** Recorded-timestamp bounds: `>= min`, and `< max` (or `<= max` when maxInclusive). */
export interface InstantRange {
  min?: Instant;
  max?: Instant;
  maxInclusive?: boolean;
}

/**
 * Which observations a fast query selects; every field present narrows the selection (AND).
 * Values are always bound as parameters, never spliced into the SQL.
 */
export interface FastFilter {
  videoReferenceUuids?: readonly string[];
  /** The observation's concept is one of these, or one of its associations points to one. */
  concepts?: readonly string[];
  /** The observation's concept is exactly this. */
  concept?: string;
  /** One of the observation's associations points to exactly this concept. */
  toConcept?: string;
  observers?: readonly string[];
  groups?: readonly string[];
  activities?: readonly string[];
  missionContacts?: readonly string[];
  depth?: NumberRange;
  latitude?: NumberRange;
  longitude?: NumberRange;
  recorded?: InstantRange;
  /** One of the observation's associations has this link name (and value, when given). */
  linkName?: string;
  linkValue?: string;
  platformName?: string;
  missionId?: string;
  /** The imaged moment holds an association with exactly this link name and value. */
  momentLink?: { linkName: string; linkValue: string };
  /** The imaged moment has at least one image. */
  withImages?: boolean;
  /** The imaged moment has a latitude, a longitude and a depth. */
  withPosition?: boolean;
}

/**
 * `FROM ... WHERE ...` selecting each matching observation once, as `o`, joined to its moment
 * `im` when the caller reads the moment or the filter constrains it.
 */
export interface FilterSql {
  from: string;
  where: string[];
  params: unknown[];
}

const MOMENT_JOIN = "JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid";

export interface FilterSqlOptions {
  /** Whether the caller reads the moment `im` (default true); else it is joined only when constrained. */
  withMoment?: boolean;
  /** An index hint for the ancillary data `ad` (e.g. ` FORCE INDEX (...)`), a constant of the caller's. */
  dataIndexHint?: string;
  /**
   * The engine the statement runs on, for a join order it must be held to: given, a moment
   * link drives the read from the link's moments (see filterSql).
   */
  dialect?: Dialect;
}

/** The moments holding an association with the link name and value (two parameters), each once. */
const MOMENT_LINK_MOMENTS = `SELECT DISTINCT lo.imaged_moment_uuid FROM associations la
  JOIN observations lo ON lo.uuid = la.observation_uuid WHERE la.link_name = ? AND la.link_value = ?`;

/** Whether the filter's conditions read columns of the imaged moment (beyond its UUID). */
function constrainsMoment(filter: FastFilter): boolean {
  return (
    (filter.videoReferenceUuids?.length ?? 0) > 0 ||
    filter.recorded !== undefined ||
    (filter.missionContacts?.length ?? 0) > 0 ||
    filter.platformName !== undefined ||
    filter.missionId !== undefined
  );
}

/**
 * The observations a filter selects. A concept list drives the query from a UNION of the
 * two concept indexes (an OR across the observation and association tables would scan every
 * observation); the one-per-key tables (ancillary data, video information) are inner-joined
 * only when constrained, so no observation is repeated. Counts and histograms that read
 * nothing of the moment leave it out (`withMoment: false`): joining it costs one index lookup
 * per observation, which doubled the time of a histogram over a million annotations.
 */
export function filterSql(filter: FastFilter, options: FilterSqlOptions = {}): FilterSql {
  const withMoment = options.withMoment ?? true;
  const fromParams: unknown[] = [];
  const where = new Conditions();
  let from = "observations o";
  const link = linkConditions(filter);
  if (filter.concepts?.length) {
    const list = placeholders(filter.concepts.length);
    if (link.sql.length > 0) {
      link.sql.push(`(o.concept IN (${list}) OR a.to_concept IN (${list}))`);
      link.params.push(...filter.concepts, ...filter.concepts);
    } else {
      from = `(SELECT uuid AS observation_uuid FROM observations WHERE concept IN (${list})
        UNION SELECT observation_uuid FROM associations WHERE to_concept IN (${list})) c
        JOIN observations o ON o.uuid = c.observation_uuid`;
      fromParams.push(...filter.concepts, ...filter.concepts);
    }
  }
  // The link's moments first, then their observations: as a condition, MariaDB walked every
  // observation in UUID order (the result's) and probed the moments for each (bench:routes'
  // 100,000 annotations: 166 ms for a link's 3,397, against 38-58 ms from its moments down).
  const linkFirstOn = from === "observations o" ? options.dialect : undefined;
  if (filter.momentLink && linkFirstOn) {
    from = `(${MOMENT_LINK_MOMENTS}) lm ${leftFirstJoin(linkFirstOn)} observations o
      ON o.imaged_moment_uuid = lm.imaged_moment_uuid`;
    fromParams.push(filter.momentLink.linkName, filter.momentLink.linkValue);
  }
  const joins = withMoment || constrainsMoment(filter) ? [MOMENT_JOIN] : [];
  if (filter.depth || filter.latitude || filter.longitude || filter.withPosition) {
    joins.push(
      `JOIN ancillary_data ad${options.dataIndexHint ?? ""} ON ad.imaged_moment_uuid = o.imaged_moment_uuid`,
    );
  }
  if (filter.missionContacts?.length || filter.platformName !== undefined || filter.missionId !== undefined) {
    joins.push("JOIN video_reference_information vri ON vri.video_reference_uuid = im.video_reference_uuid");
  }
  where.in("im.video_reference_uuid", filter.videoReferenceUuids);
  where.equal("o.concept", filter.concept);
  where.in("o.observer", filter.observers);
  where.in("o.observation_group", filter.groups);
  where.in("o.activity", filter.activities);
  where.in("vri.mission_contact", filter.missionContacts);
  where.equal("vri.platform_name", filter.platformName);
  where.equal("vri.mission_id", filter.missionId);
  where.range("ad.depth_meters", filter.depth);
  where.range("ad.latitude", filter.latitude);
  where.range("ad.longitude", filter.longitude);
  if (filter.withPosition) {
    where.add("ad.latitude IS NOT NULL AND ad.longitude IS NOT NULL AND ad.depth_meters IS NOT NULL");
  }
  if (filter.recorded?.min) where.add("im.recorded_timestamp >= ?", filter.recorded.min.toSql());
  if (filter.recorded?.max) {
    where.add(
      `im.recorded_timestamp ${filter.recorded.maxInclusive ? "<=" : "<"} ?`,
      filter.recorded.max.toSql(),
    );
  }
  if (link.sql.length > 0) {
    where.add(
      `EXISTS (SELECT 1 FROM associations a WHERE a.observation_uuid = o.uuid AND ${link.sql.join(" AND ")})`,
      ...link.params,
    );
  }
  if (filter.toConcept !== undefined) {
    // A list the database builds once from the to_concept index: as a correlated EXISTS,
    // SQLite walked every observation in UUID order (the page's order) and probed each.
    where.add(
      "o.uuid IN (SELECT t.observation_uuid FROM associations t WHERE t.to_concept = ?)",
      filter.toConcept,
    );
  }
  if (filter.momentLink && !linkFirstOn) {
    where.add(
      `o.imaged_moment_uuid IN (${MOMENT_LINK_MOMENTS})`,
      filter.momentLink.linkName,
      filter.momentLink.linkValue,
    );
  }
  if (filter.withImages) {
    // One probe of the images' index per observation, as a scalar subquery: MariaDB turns an
    // EXISTS into a semi-join and materialized all 5,676 images' moments of bench:routes for
    // every page (a concept's 509 observations: 3.8 -> 1.9 ms). SQLite probes either form alike.
    where.add(
      "(SELECT 1 FROM image_references ir WHERE ir.imaged_moment_uuid = o.imaged_moment_uuid LIMIT 1) IS NOT NULL",
    );
  }
  return {
    from: `${from} ${joins.join(" ")}`,
    where: where.sql,
    params: [...fromParams, ...where.params],
  };
}

/** ` WHERE a AND b`, or nothing. */
export function whereClause(conditions: readonly string[]): string {
  return conditions.length === 0 ? "" : ` WHERE ${conditions.join(" AND ")}`;
}

function linkConditions(filter: FastFilter): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (filter.linkName !== undefined) {
    sql.push("a.link_name = ?");
    params.push(filter.linkName);
  }
  if (filter.linkValue !== undefined) {
    sql.push("a.link_value = ?");
    params.push(filter.linkValue);
  }
  return { sql, params };
}

class Conditions {
  readonly sql: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...params: unknown[]): void {
    this.sql.push(condition);
    this.params.push(...params);
  }

  equal(column: string, value: string | undefined): void {
    if (value !== undefined) this.add(`${column} = ?`, value);
  }

  in(column: string, values: readonly string[] | undefined): void {
    if (values?.length) this.add(`${column} IN (${placeholders(values.length)})`, ...values);
  }

  range(column: string, range: NumberRange | undefined): void {
    if (range?.min !== undefined) this.add(`${column} >= ?`, range.min);
    if (range?.max !== undefined) this.add(`${column} < ?`, range.max);
  }
}

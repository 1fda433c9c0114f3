import type { Dialect } from "../../../kit/storage/domain-storage.js";

/**
 * The histogram count tables: how many annotations (observations) lie at each whole metre of
 * depth in [0, 4000) m (their moment's ancillary depth, floored) and on each UTC day (their
 * moment's recorded timestamp, as days since 1970-01-01). Histograms whose only constraint is
 * the depth or the time range sum these few thousand rows instead of joining a million
 * observations to their moments (1.0-1.2 s on MariaDB, the floor of any join).
 *
 * Triggers keep them in the same transaction as every write to observations, ancillary data
 * and imaged moments (HistogramCounts migration); a restore, which loads the tables without
 * their triggers, rebuilds them with histogramCountsRebuild. A count is the sum of its
 * key's rows: on MySQL each connection adds to its own shard's row (CONNECTION_ID() % 16),
 * so two transactions writing many depths at once do not lock each other's rows (in
 * whatever order their rows come, they would deadlock on one row per metre).
 */
export const DEPTH_COUNTS_TABLE = "histogram_depth_counts";
export const DAY_COUNTS_TABLE = "histogram_day_counts";

/** The depths counted, [0, 4000) m: the depth histogram's whole span (MAX_DEPTH_METERS). */
const COUNTED_DEPTH_CONDITION = (column: string) => `${column} >= 0 AND ${column} < 4000`;

/** The row a connection adds to: its shard on MySQL; SQLite has one writer at a time. */
const WRITER_SHARDS = 16;
function writerShard(dialect: Dialect): string {
  return dialect === "mysql" ? `CONNECTION_ID() % ${WRITER_SHARDS}` : "0";
}

/** A depth's whole metre (floor; the depth is in [0, 4000), so truncation is the floor). */
function depthMeter(dialect: Dialect, column: string): string {
  return dialect === "mysql" ? `FLOOR(${column})` : `CAST(${column} AS INTEGER)`;
}

/** A recorded timestamp's UTC day, as days since 1970-01-01 (stored as `YYYY-MM-DD hh:mm:ss.ffffff` in SQLite). */
function recordedDay(dialect: Dialect, column: string): string {
  return dialect === "mysql"
    ? `DATEDIFF(${column}, '1970-01-01')`
    : `CAST(julianday(substr(${column}, 1, 10)) - 2440587.5 AS INTEGER)`;
}

interface CountTable {
  name: string;
  key: string;
}

const DEPTH: CountTable = { name: DEPTH_COUNTS_TABLE, key: "depth_meter" };
const DAY: CountTable = { name: DAY_COUNTS_TABLE, key: "recorded_day" };

/**
 * Adds each selected row's `delta` to the count at its `counted_key`, in this connection's
 * shard. The SELECT names its columns `counted_key`, `shard` (writerShard) and `delta`, and
 * ends with a WHERE or HAVING clause (SQLite needs one before ON CONFLICT).
 */
function addCounts(dialect: Dialect, table: CountTable, select: string): string {
  const upsert =
    dialect === "mysql"
      ? "ON DUPLICATE KEY UPDATE annotations = annotations + VALUES(annotations)"
      : `ON CONFLICT (${table.key}, writer_shard) DO UPDATE SET annotations = annotations + excluded.annotations`;
  return `INSERT INTO ${table.name} (${table.key}, writer_shard, annotations) ${select} ${upsert}`;
}

/** `counted_key, shard, delta`: the head of addCounts' SELECT. */
function countedRow(dialect: Dialect, key: string, delta: string): string {
  return `SELECT ${key} AS counted_key, ${writerShard(dialect)} AS shard, ${delta} AS delta`;
}

/** The CREATE TABLE statements of the two count tables. */
export function histogramCountTables(dialect: Dialect): string[] {
  const options = dialect === "mysql" ? " ENGINE=InnoDB" : "";
  return [DEPTH, DAY].map(
    (table) =>
      `CREATE TABLE ${table.name} (${table.key} INTEGER NOT NULL, writer_shard SMALLINT NOT NULL,
        annotations BIGINT NOT NULL, PRIMARY KEY (${table.key}, writer_shard))${options}`,
  );
}

/** Recounts both tables from the annotations (after a restore, and when the migration creates them). */
export function histogramCountsRebuild(dialect: Dialect): string[] {
  const meter = depthMeter(dialect, "ad.depth_meters");
  const day = recordedDay(dialect, "im.recorded_timestamp");
  return [
    `DELETE FROM ${DEPTH.name}`,
    `DELETE FROM ${DAY.name}`,
    `INSERT INTO ${DEPTH.name} (${DEPTH.key}, writer_shard, annotations)
      SELECT ${meter}, 0, COUNT(*) FROM observations o
        JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
       WHERE ${COUNTED_DEPTH_CONDITION("ad.depth_meters")} GROUP BY ${meter}`,
    `INSERT INTO ${DAY.name} (${DAY.key}, writer_shard, annotations)
      SELECT ${day}, 0, COUNT(*) FROM observations o
        JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       WHERE im.recorded_timestamp IS NOT NULL GROUP BY ${day}`,
  ];
}

/** A trigger: its name, table, timing and event, the condition it runs under and its statements. */
interface TriggerSpec {
  name: string;
  timing: "BEFORE" | "AFTER";
  event: "INSERT" | "UPDATE" | "DELETE";
  table: string;
  /** SQLite's WHEN; on MySQL each statement's WHERE carries it. */
  when?: string;
  statements: string[];
}

/**
 * The statements moving one observation of moment `moment` (an OLD./NEW. column) by `sign`
 * (+1 or -1) in both tables: the depth of its moment's ancillary data, the day of its moment.
 */
function observationCounts(dialect: Dialect, moment: string, sign: 1 | -1, condition: string): string[] {
  return [
    addCounts(
      dialect,
      DEPTH,
      `${countedRow(dialect, depthMeter(dialect, "ad.depth_meters"), String(sign))} FROM ancillary_data ad
        WHERE ad.imaged_moment_uuid = ${moment} AND ${COUNTED_DEPTH_CONDITION("ad.depth_meters")}${condition}`,
    ),
    addCounts(
      dialect,
      DAY,
      `${countedRow(dialect, recordedDay(dialect, "im.recorded_timestamp"), String(sign))} FROM imaged_moments im
        WHERE im.uuid = ${moment} AND im.recorded_timestamp IS NOT NULL${condition}`,
    ),
  ];
}

/** Moves the observations of `moment` by `sign` at the key `key` (an OLD./NEW. expression) when `counted`. */
function momentCounts(
  dialect: Dialect,
  table: CountTable,
  key: string,
  moment: string,
  sign: 1 | -1,
  counted: string,
): string {
  return addCounts(
    dialect,
    table,
    `${countedRow(dialect, key, `${sign} * COUNT(*)`)} FROM observations o
      WHERE o.imaged_moment_uuid = ${moment} AND ${counted} HAVING COUNT(*) > 0`,
  );
}

function triggerSpecs(dialect: Dialect): TriggerSpec[] {
  const distinct = (column: string) =>
    dialect === "mysql" ? `NOT (NEW.${column} <=> OLD.${column})` : `NEW.${column} IS NOT OLD.${column}`;
  // MySQL has no WHEN: the condition joins each statement's WHERE.
  const onlyWhen = (condition: string) => (dialect === "mysql" ? ` AND ${condition}` : "");
  const movedObservation = distinct("imaged_moment_uuid");
  const changedDatum = `(${distinct("depth_meters")} OR ${distinct("imaged_moment_uuid")})`;
  const changedRecording = distinct("recorded_timestamp");
  const datum = (row: "OLD" | "NEW", sign: 1 | -1, condition: string) =>
    momentCounts(
      dialect,
      DEPTH,
      depthMeter(dialect, `${row}.depth_meters`),
      `${row}.imaged_moment_uuid`,
      sign,
      `${COUNTED_DEPTH_CONDITION(`${row}.depth_meters`)}${condition}`,
    );
  const recording = (row: "OLD" | "NEW", sign: 1 | -1, condition: string) =>
    momentCounts(
      dialect,
      DAY,
      recordedDay(dialect, `${row}.recorded_timestamp`),
      `${row}.uuid`,
      sign,
      `${row}.recorded_timestamp IS NOT NULL${condition}`,
    );
  return [
    {
      name: "trg_observations__histogram_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "observations",
      statements: observationCounts(dialect, "NEW.imaged_moment_uuid", 1, ""),
    },
    {
      name: "trg_observations__histogram_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "observations",
      statements: observationCounts(dialect, "OLD.imaged_moment_uuid", -1, ""),
    },
    {
      name: "trg_observations__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "observations",
      when: movedObservation,
      statements: [
        ...observationCounts(dialect, "OLD.imaged_moment_uuid", -1, onlyWhen(movedObservation)),
        ...observationCounts(dialect, "NEW.imaged_moment_uuid", 1, onlyWhen(movedObservation)),
      ],
    },
    {
      name: "trg_ancillary_data__histogram_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "ancillary_data",
      statements: [datum("NEW", 1, "")],
    },
    {
      name: "trg_ancillary_data__histogram_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "ancillary_data",
      statements: [datum("OLD", -1, "")],
    },
    {
      name: "trg_ancillary_data__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "ancillary_data",
      when: changedDatum,
      statements: [datum("OLD", -1, onlyWhen(changedDatum)), datum("NEW", 1, onlyWhen(changedDatum))],
    },
    {
      name: "trg_imaged_moments__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "imaged_moments",
      when: changedRecording,
      statements: [
        recording("OLD", -1, onlyWhen(changedRecording)),
        recording("NEW", 1, onlyWhen(changedRecording)),
      ],
    },
    dialect === "mysql"
      ? {
          // MySQL fires no trigger for rows its foreign keys delete: the moment takes its
          // observations' counts away itself, while they and its ancillary data still exist.
          name: "trg_imaged_moments__histogram_delete",
          timing: "BEFORE",
          event: "DELETE",
          table: "imaged_moments",
          statements: [
            recording("OLD", -1, ""),
            addCounts(
              dialect,
              DEPTH,
              `${countedRow(dialect, depthMeter(dialect, "ad.depth_meters"), "-COUNT(*)")}
                 FROM ancillary_data ad JOIN observations o ON o.imaged_moment_uuid = ad.imaged_moment_uuid
                WHERE ad.imaged_moment_uuid = OLD.uuid AND ${COUNTED_DEPTH_CONDITION("ad.depth_meters")}
                GROUP BY ad.depth_meters`,
            ),
          ],
        }
      : {
          // SQLite fires the observations' own triggers for the rows its foreign keys delete, but
          // after the moment is gone: the moment deletes its observations first, while it exists.
          name: "trg_imaged_moments__histogram_delete",
          timing: "BEFORE",
          event: "DELETE",
          table: "imaged_moments",
          statements: ["DELETE FROM observations WHERE imaged_moment_uuid = OLD.uuid"],
        },
  ];
}

/** The names of the triggers that keep the count tables, with their tables. */
export function histogramCountTriggerNames(dialect: Dialect): { name: string; table: string }[] {
  return triggerSpecs(dialect).map(({ name, table }) => ({ name, table }));
}

/** The CREATE TRIGGER statements that keep the count tables. */
export function histogramCountTriggers(dialect: Dialect): string[] {
  return triggerSpecs(dialect).map((trigger) => {
    const when = dialect === "sqlite" && trigger.when ? ` WHEN ${trigger.when}` : "";
    const body = trigger.statements.map((statement) => `${statement};`).join("\n");
    return `CREATE TRIGGER ${trigger.name} ${trigger.timing} ${trigger.event} ON ${trigger.table}
      FOR EACH ROW${when} BEGIN
      ${body}
      END`;
  });
}

import type { Dialect } from "../../../kit/storage/domain-storage.js";
import {
  addToCount,
  changedValue,
  countedMeter,
  recordedDay,
  type TriggerSpec,
  triggerStatements,
  writerShard,
} from "./histogram-count-dialects.sql.js";

/**
 * The histogram count tables: how many annotations (observations) lie at each whole metre of
 * depth in [0, 4000) m (their moment's ancillary depth, floored) and on each UTC day (their
 * moment's recorded timestamp, as days since 1970-01-01). Histograms whose only constraint is
 * the depth or the time range sum these few thousand rows instead of joining a million
 * observations to their moments (1.0-1.2 s on MariaDB, the floor of any join).
 *
 * Triggers keep them in the same transaction as every write to observations, ancillary data
 * and imaged moments (HistogramCounts migration), through one row per moment in
 * histogram_moments: its observation count, metre and day. Every trigger reads and writes
 * only its moment's row (by primary key, so no gap locks) and the count rows, never the other
 * annotation tables, whose index ranges other transactions write into: locking reads of those
 * deadlocked most concurrent bulk writes. A count is the sum of its key's rows: on MySQL and
 * PostgreSQL each connection adds to its own shard's row (its connection or backend id % 8), so
 * two transactions writing many depths at once do not wait on one another's count rows.
 *
 * A restore, which loads the tables without their triggers, recounts them all with
 * histogramCountsRebuild.
 *
 * A MySQL database whose migrating user was refused CREATE TRIGGER has the tables but no
 * triggers (HistogramCounts migration): there the histograms join, as for any other filter.
 */
export const DEPTH_COUNTS_TABLE = "histogram_depth_counts";
export const DAY_COUNTS_TABLE = "histogram_day_counts";
export const MOMENT_COUNTS_TABLE = "histogram_moments";

interface CountTable {
  name: string;
  key: "depth_meter" | "recorded_day";
}

const DEPTH: CountTable = { name: DEPTH_COUNTS_TABLE, key: "depth_meter" };
const DAY: CountTable = { name: DAY_COUNTS_TABLE, key: "recorded_day" };

/** The moment UUID's type, as the imaged moments' own (InitAnnotation migrations). */
const MOMENT_UUID: Record<Dialect, string> = {
  mysql: "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin",
  postgres: 'CHAR(36) COLLATE "C"',
  sqlite: "TEXT",
};

/**
 * The CREATE TABLE statements of the count tables and of the per-moment rows they are kept
 * from; with ifNotExists, tables already there are left as they are.
 */
export function histogramCountTables(dialect: Dialect, { ifNotExists = false } = {}): string[] {
  const options = dialect === "mysql" ? " ENGINE=InnoDB" : "";
  const uuid = MOMENT_UUID[dialect];
  const create = ifNotExists ? "CREATE TABLE IF NOT EXISTS" : "CREATE TABLE";
  return [
    ...[DEPTH, DAY].map(
      (table) =>
        `${create} ${table.name} (${table.key} INTEGER NOT NULL, writer_shard SMALLINT NOT NULL,
          annotations BIGINT NOT NULL, PRIMARY KEY (${table.key}, writer_shard))${options}`,
    ),
    `${create} ${MOMENT_COUNTS_TABLE} (imaged_moment_uuid ${uuid} NOT NULL PRIMARY KEY,
      observations INTEGER NOT NULL, depth_meter INTEGER NULL, recorded_day INTEGER NULL)${options}`,
  ];
}

/** Recounts every table from the annotations (after a restore, and when the migration creates them). */
export function histogramCountsRebuild(dialect: Dialect): string[] {
  return [
    `DELETE FROM ${MOMENT_COUNTS_TABLE}`,
    `DELETE FROM ${DEPTH.name}`,
    `DELETE FROM ${DAY.name}`,
    `INSERT INTO ${MOMENT_COUNTS_TABLE} (imaged_moment_uuid, observations, depth_meter, recorded_day)
      SELECT im.uuid, COALESCE(o.n, 0), ${countedMeter(dialect, "ad.depth_meters")},
             ${recordedDay(dialect, "im.recorded_timestamp")}
        FROM imaged_moments im
        LEFT JOIN (SELECT imaged_moment_uuid, COUNT(*) AS n FROM observations GROUP BY imaged_moment_uuid) o
          ON o.imaged_moment_uuid = im.uuid
        LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid`,
    ...[DEPTH, DAY].map(
      (table) => `INSERT INTO ${table.name} (${table.key}, writer_shard, annotations)
        SELECT ${table.key}, 0, SUM(observations) FROM ${MOMENT_COUNTS_TABLE}
         WHERE ${table.key} IS NOT NULL AND observations > 0 GROUP BY ${table.key}`,
    ),
  ];
}

/**
 * Adds `delta` (an expression over the moment's row `hm`) to the count at `key` (an
 * expression, NULL for none) of moment `moment`, in this connection's shard, when `condition`.
 */
function addCount(
  dialect: Dialect,
  table: CountTable,
  moment: string,
  key: string,
  delta: string,
  condition = "",
): string {
  const upsert = addToCount(dialect, table.name, [table.key, "writer_shard"]);
  return `INSERT INTO ${table.name} (${table.key}, writer_shard, annotations)
    SELECT ${key}, ${writerShard(dialect)}, ${delta} FROM ${MOMENT_COUNTS_TABLE} hm
     WHERE hm.imaged_moment_uuid = ${moment} AND ${key} IS NOT NULL AND ${delta} <> 0${condition}
    ${upsert}`;
}

/** Sets columns of moment `moment`'s row (and so locks it first), when `condition`. */
function setMoment(moment: string, assignments: string, condition = ""): string {
  return `UPDATE ${MOMENT_COUNTS_TABLE} SET ${assignments} WHERE imaged_moment_uuid = ${moment}${condition}`;
}

function triggerSpecs(dialect: Dialect): TriggerSpec[] {
  const changed = (column: string) => changedValue(dialect, column);
  const meter = (row: "OLD" | "NEW") => countedMeter(dialect, `${row}.depth_meters`);
  const day = (row: "OLD" | "NEW") => recordedDay(dialect, `${row}.recorded_timestamp`);
  /** One observation of `moment` in or out: the moment's count, its metre's and its day's. */
  const observation = (moment: string, sign: "+" | "-", condition: string) => [
    setMoment(moment, `observations = observations ${sign} 1`, condition),
    addCount(dialect, DEPTH, moment, "hm.depth_meter", `${sign}1`, condition),
    addCount(dialect, DAY, moment, "hm.recorded_day", `${sign}1`, condition),
  ];
  return [
    {
      name: "trg_imaged_moments__histogram_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "imaged_moments",
      statements: () => [
        `INSERT INTO ${MOMENT_COUNTS_TABLE} (imaged_moment_uuid, observations, depth_meter, recorded_day)
          VALUES (NEW.uuid, 0, NULL, ${day("NEW")})`,
      ],
    },
    {
      name: "trg_imaged_moments__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "imaged_moments",
      when: changed("recorded_timestamp"),
      statements: (condition) => [
        setMoment("NEW.uuid", `recorded_day = ${day("NEW")}`, condition),
        addCount(dialect, DAY, "NEW.uuid", day("OLD"), "-hm.observations", condition),
        addCount(dialect, DAY, "NEW.uuid", "hm.recorded_day", "hm.observations", condition),
      ],
    },
    {
      // Before the delete, while the moment's row is there: MySQL fires no trigger for the
      // observations and data its foreign keys delete, SQLite fires theirs after this one,
      // when the moment's row is gone and they change nothing.
      name: "trg_imaged_moments__histogram_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "imaged_moments",
      statements: () => [
        setMoment("OLD.uuid", "observations = observations"),
        addCount(dialect, DEPTH, "OLD.uuid", "hm.depth_meter", "-hm.observations"),
        addCount(dialect, DAY, "OLD.uuid", "hm.recorded_day", "-hm.observations"),
        `DELETE FROM ${MOMENT_COUNTS_TABLE} WHERE imaged_moment_uuid = OLD.uuid`,
      ],
    },
    {
      name: "trg_observations__histogram_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "observations",
      statements: () => observation("NEW.imaged_moment_uuid", "+", ""),
    },
    {
      name: "trg_observations__histogram_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "observations",
      statements: () => observation("OLD.imaged_moment_uuid", "-", ""),
    },
    {
      name: "trg_observations__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "observations",
      when: changed("imaged_moment_uuid"),
      statements: (condition) => [
        ...observation("OLD.imaged_moment_uuid", "-", condition),
        ...observation("NEW.imaged_moment_uuid", "+", condition),
      ],
    },
    {
      name: "trg_ancillary_data__histogram_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "ancillary_data",
      statements: () => [
        setMoment("NEW.imaged_moment_uuid", `depth_meter = ${meter("NEW")}`),
        addCount(dialect, DEPTH, "NEW.imaged_moment_uuid", "hm.depth_meter", "hm.observations"),
      ],
    },
    {
      name: "trg_ancillary_data__histogram_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "ancillary_data",
      statements: () => [
        setMoment("OLD.imaged_moment_uuid", "depth_meter = NULL"),
        addCount(dialect, DEPTH, "OLD.imaged_moment_uuid", meter("OLD"), "-hm.observations"),
      ],
    },
    {
      name: "trg_ancillary_data__histogram_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "ancillary_data",
      when: `(${changed("depth_meters")} OR ${changed("imaged_moment_uuid")})`,
      statements: (condition) => [
        setMoment("OLD.imaged_moment_uuid", "depth_meter = NULL", condition),
        addCount(dialect, DEPTH, "OLD.imaged_moment_uuid", meter("OLD"), "-hm.observations", condition),
        setMoment("NEW.imaged_moment_uuid", `depth_meter = ${meter("NEW")}`, condition),
        addCount(dialect, DEPTH, "NEW.imaged_moment_uuid", "hm.depth_meter", "hm.observations", condition),
      ],
    },
  ];
}

/** The names of the triggers that keep the count tables, with their tables. */
export function histogramCountTriggerNames(dialect: Dialect): { name: string; table: string }[] {
  return triggerSpecs(dialect).map(({ name, table }) => ({ name, table }));
}

/**
 * The statements that make the triggers keeping the count tables, trigger by trigger (on
 * PostgreSQL two each: its function, then the trigger).
 */
export function histogramCountTriggers(dialect: Dialect): string[] {
  return triggerSpecs(dialect).flatMap((trigger) => triggerStatements(dialect, trigger));
}

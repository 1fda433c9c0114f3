import type { Dialect } from "../../../kit/storage/domain-storage.js";
import {
  changedValue,
  type TriggerSpec,
  triggerStatements,
} from "../../query/repositories/histogram-count-dialects.sql.js";
import { BOX_LINK_NAME, BOX_NAME_LENGTH, boxValueReader, postgresBoxJsonFunction } from "./box-value.sql.js";

/**
 * The box index: one row per `bounding box` association whose value is a box
 * (box-value.sql.ts), with its observation's concept and its moment's video reference and
 * times, so boxes are found by concept, video, generator or verification through indexes and
 * never by reading JSON text. Triggers keep it in the transaction of every write to
 * associations, observations and imaged moments, whichever path makes it (services, bulk and
 * legacy paths, imports). Deletes are caught at each level, as MySQL fires no trigger for a
 * row its foreign keys cascade away. A restore loads the tables without their triggers and
 * rebuilds it with boxIndexRebuild, as `m3 boxes reindex` does.
 */
export const BOX_INDEX_TABLE = "bounding_boxes";

const UUID: Record<Dialect, string> = {
  mysql: "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin",
  postgres: 'CHAR(36) COLLATE "C"',
  sqlite: "TEXT",
};

const TYPES: Record<
  Dialect,
  { name: string; concept: string; number: string; millis: string; instant: string }
> = {
  mysql: {
    name: `VARCHAR(${BOX_NAME_LENGTH})`,
    concept: "VARCHAR(256)",
    number: "DOUBLE",
    millis: "BIGINT",
    instant: "DATETIME(6)",
  },
  postgres: {
    name: `VARCHAR(${BOX_NAME_LENGTH}) COLLATE "C"`,
    concept: 'VARCHAR(256) COLLATE "C"',
    number: "DOUBLE PRECISION",
    millis: "BIGINT",
    instant: "TIMESTAMP(6)",
  },
  sqlite: { name: "TEXT", concept: "TEXT", number: "REAL", millis: "INTEGER", instant: "TEXT" },
};

/** The index's columns, in table order. */
export const BOX_INDEX_COLUMNS = [
  "association_uuid",
  "observation_uuid",
  "imaged_moment_uuid",
  "video_reference_uuid",
  "image_reference_uuid",
  "concept",
  "x",
  "y",
  "width",
  "height",
  "generator",
  "verifier",
  "elapsed_time_millis",
  "recorded_timestamp",
] as const;

/** The CREATE TABLE and CREATE INDEX statements of the box index. */
export function boxIndexTable(dialect: Dialect): string[] {
  const uuid = UUID[dialect];
  const type = TYPES[dialect];
  const options = dialect === "mysql" ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin" : "";
  return [
    `CREATE TABLE ${BOX_INDEX_TABLE} (
      association_uuid ${uuid} NOT NULL PRIMARY KEY,
      observation_uuid ${uuid} NOT NULL,
      imaged_moment_uuid ${uuid} NOT NULL,
      video_reference_uuid ${uuid} NOT NULL,
      image_reference_uuid ${uuid} NULL,
      concept ${type.concept} NULL,
      x ${type.number} NOT NULL,
      y ${type.number} NOT NULL,
      width ${type.number} NOT NULL,
      height ${type.number} NOT NULL,
      generator ${type.name} NULL,
      verifier ${type.name} NULL,
      elapsed_time_millis ${type.millis} NULL,
      recorded_timestamp ${type.instant} NULL
    )${options}`,
    `CREATE INDEX idx_bounding_boxes__concept ON ${BOX_INDEX_TABLE} (concept, video_reference_uuid, elapsed_time_millis)`,
    `CREATE INDEX idx_bounding_boxes__video ON ${BOX_INDEX_TABLE} (video_reference_uuid, elapsed_time_millis)`,
    `CREATE INDEX idx_bounding_boxes__observation ON ${BOX_INDEX_TABLE} (observation_uuid)`,
    `CREATE INDEX idx_bounding_boxes__moment ON ${BOX_INDEX_TABLE} (imaged_moment_uuid)`,
    `CREATE INDEX idx_bounding_boxes__generator ON ${BOX_INDEX_TABLE} (generator)`,
    `CREATE INDEX idx_bounding_boxes__verifier ON ${BOX_INDEX_TABLE} (verifier)`,
  ];
}

/**
 * INSERT … SELECT of the boxes among the associations `a` that `where` picks, with their
 * observation `o` and moment `m`. `association` names the association's columns (a table
 * alias, or NEW in a trigger).
 */
function insertBoxes(dialect: Dialect, association: string, from: string, where: string): string {
  const value = boxValueReader(dialect, `${association}.link_value`);
  return `INSERT INTO ${BOX_INDEX_TABLE} (${BOX_INDEX_COLUMNS.join(", ")})
    SELECT ${association}.uuid, o.uuid, m.uuid, m.video_reference_uuid, ${value.text("image_reference_uuid")},
           o.concept, ${value.number("x")}, ${value.number("y")}, ${value.number("width")},
           ${value.number("height")}, ${value.text("generator")}, ${value.text("verifier")},
           m.elapsed_time_millis, m.recorded_timestamp
      FROM ${from}
      JOIN imaged_moments m ON m.uuid = o.imaged_moment_uuid${value.from}
     WHERE ${where} AND ${value.isBox}`;
}

/** Rebuilds the whole index from the associations (after a restore or an import, and on demand). */
export function boxIndexRebuild(dialect: Dialect): string[] {
  return [
    `DELETE FROM ${BOX_INDEX_TABLE}`,
    insertBoxes(
      dialect,
      "a",
      "associations a JOIN observations o ON o.uuid = a.observation_uuid",
      `a.link_name = '${BOX_LINK_NAME}'`,
    ),
  ];
}

const IS_BOX_LINK = (row: "NEW" | "OLD") => `${row}.link_name = '${BOX_LINK_NAME}'`;

function triggerSpecs(dialect: Dialect): TriggerSpec[] {
  const changed = (column: string) => changedValue(dialect, column);
  const insertNew = (condition: string) =>
    insertBoxes(dialect, "NEW", "observations o", `o.uuid = NEW.observation_uuid${condition}`);
  const momentOf = (column: string) =>
    `(SELECT ${column} FROM imaged_moments WHERE uuid = NEW.imaged_moment_uuid)`;
  return [
    {
      name: "trg_associations__box_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "associations",
      when: IS_BOX_LINK("NEW"),
      statements: (condition) => [insertNew(condition)],
    },
    {
      name: "trg_associations__box_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "associations",
      when: `(${IS_BOX_LINK("OLD")} OR ${IS_BOX_LINK("NEW")})`,
      statements: (condition) => [
        `DELETE FROM ${BOX_INDEX_TABLE} WHERE association_uuid = OLD.uuid${condition}`,
        insertNew(`${condition} AND ${IS_BOX_LINK("NEW")}`),
      ],
    },
    {
      name: "trg_associations__box_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "associations",
      when: IS_BOX_LINK("OLD"),
      statements: (condition) => [
        `DELETE FROM ${BOX_INDEX_TABLE} WHERE association_uuid = OLD.uuid${condition}`,
      ],
    },
    {
      name: "trg_observations__box_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "observations",
      when: `(${changed("concept")} OR ${changed("imaged_moment_uuid")})`,
      statements: (condition) => [
        `UPDATE ${BOX_INDEX_TABLE} SET concept = NEW.concept, imaged_moment_uuid = NEW.imaged_moment_uuid,
           video_reference_uuid = ${momentOf("video_reference_uuid")},
           elapsed_time_millis = ${momentOf("elapsed_time_millis")},
           recorded_timestamp = ${momentOf("recorded_timestamp")}
         WHERE observation_uuid = NEW.uuid${condition}`,
      ],
    },
    {
      name: "trg_observations__box_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "observations",
      statements: () => [`DELETE FROM ${BOX_INDEX_TABLE} WHERE observation_uuid = OLD.uuid`],
    },
    {
      name: "trg_imaged_moments__box_update",
      timing: "AFTER",
      event: "UPDATE",
      table: "imaged_moments",
      when: `(${changed("video_reference_uuid")} OR ${changed("elapsed_time_millis")} OR ${changed("recorded_timestamp")})`,
      statements: (condition) => [
        `UPDATE ${BOX_INDEX_TABLE} SET video_reference_uuid = NEW.video_reference_uuid,
           elapsed_time_millis = NEW.elapsed_time_millis, recorded_timestamp = NEW.recorded_timestamp
         WHERE imaged_moment_uuid = NEW.uuid${condition}`,
      ],
    },
    {
      name: "trg_imaged_moments__box_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "imaged_moments",
      statements: () => [`DELETE FROM ${BOX_INDEX_TABLE} WHERE imaged_moment_uuid = OLD.uuid`],
    },
  ];
}

/** The names of the triggers that keep the box index, with their tables. */
export function boxIndexTriggerNames(dialect: Dialect): { name: string; table: string }[] {
  return triggerSpecs(dialect).map(({ name, table }) => ({ name, table }));
}

/**
 * The statements that make the box index's triggers (on PostgreSQL first the function that
 * parses values, then each trigger's function and trigger).
 */
export function boxIndexTriggers(dialect: Dialect): string[] {
  const functions = dialect === "postgres" ? [postgresBoxJsonFunction()] : [];
  return [...functions, ...triggerSpecs(dialect).flatMap((trigger) => triggerStatements(dialect, trigger))];
}

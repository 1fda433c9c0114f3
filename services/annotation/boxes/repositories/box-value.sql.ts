import type { Dialect } from "../../../kit/storage/domain-storage.js";

/**
 * Reading a `bounding box` association's JSON value in SQL, on each engine, without ever
 * failing on a malformed one: a value that is not a JSON object with numeric x, y, width and
 * height (and, when present, string generator, verifier and image_reference_uuid no longer
 * than their columns) is "not a box" and is left out of the index, never an error in the write
 * that stored it.
 */

/** The link name every box association carries (vars-localize, vars-gridview). */
export const BOX_LINK_NAME = "bounding box";

/** The longest generator or verifier the index keeps; a longer one leaves the box out. */
export const BOX_NAME_LENGTH = 255;

/** The PostgreSQL function that parses a value as jsonb, NULL when it does not parse. */
export const POSTGRES_BOX_JSON = "m3_box_json";

/** The statements that make POSTGRES_BOX_JSON (PostgreSQL 15 has no pg_input_is_valid). */
export function postgresBoxJsonFunction(): string {
  return `CREATE OR REPLACE FUNCTION ${POSTGRES_BOX_JSON}(value TEXT) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN CAST(value AS jsonb);
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END $$`;
}

/** How one engine reads the fields of a box value held in `value` (a column or NEW.column). */
export interface BoxValueReader {
  /** What the FROM clause adds to read the value (PostgreSQL: its parsed jsonb as `bv.j`). */
  from: string;
  /** True when the value is a box the index keeps. */
  isBox: string;
  /** A numeric field as a double. */
  number(field: string): string;
  /** A string field, NULL when absent or not a string. */
  text(field: string): string;
}

const NUMBERS = ["x", "y", "width", "height"] as const;
const TEXTS: readonly [string, number][] = [
  ["generator", BOX_NAME_LENGTH],
  ["verifier", BOX_NAME_LENGTH],
  ["image_reference_uuid", 36],
];

function mysqlReader(value: string): BoxValueReader {
  const at = (field: string) => `JSON_EXTRACT(${value}, '$.${field}')`;
  const text = (field: string) =>
    `(CASE WHEN JSON_TYPE(${at(field)}) = 'STRING' THEN JSON_UNQUOTE(${at(field)}) END)`;
  const numeric = NUMBERS.map(
    (field) => `COALESCE(JSON_TYPE(${at(field)}) IN ('INTEGER', 'DOUBLE', 'DECIMAL', 'UNSIGNED INTEGER'), 0)`,
  );
  const short = TEXTS.map(([field, max]) => `COALESCE(CHAR_LENGTH(${text(field)}), 0) <= ${max}`);
  // MySQL does not promise to stop at the first false AND: the CASEs keep JSON_TYPE off a bad value.
  const isBox = `(CASE WHEN COALESCE(JSON_VALID(${value}), 0) = 0 THEN 0
    WHEN JSON_TYPE(${value}) <> 'OBJECT' THEN 0
    ELSE ${[...numeric, ...short].join(" AND ")} END) = 1`;
  return { from: "", isBox, number: (field) => `CAST(${at(field)} AS DOUBLE)`, text };
}

function postgresReader(value: string): BoxValueReader {
  const text = (field: string) =>
    `(CASE WHEN jsonb_typeof(bv.j -> '${field}') = 'string' THEN bv.j ->> '${field}' END)`;
  const conditions = [
    "jsonb_typeof(bv.j) = 'object'",
    ...NUMBERS.map((field) => `jsonb_typeof(bv.j -> '${field}') = 'number'`),
    ...TEXTS.map(([field, max]) => `COALESCE(LENGTH(${text(field)}), 0) <= ${max}`),
  ];
  return {
    from: ` CROSS JOIN LATERAL (SELECT ${POSTGRES_BOX_JSON}(${value}) AS j) bv`,
    isBox: `COALESCE(${conditions.join(" AND ")}, FALSE)`,
    number: (field) => `CAST(bv.j ->> '${field}' AS DOUBLE PRECISION)`,
    text,
  };
}

function sqliteReader(value: string): BoxValueReader {
  const text = (field: string) =>
    `(CASE WHEN json_type(${value}, '$.${field}') = 'text' THEN json_extract(${value}, '$.${field}') END)`;
  const conditions = [
    ...NUMBERS.map((field) => `COALESCE(json_type(${value}, '$.${field}') IN ('integer', 'real'), 0)`),
    ...TEXTS.map(([field, max]) => `COALESCE(length(${text(field)}), 0) <= ${max}`),
  ];
  // json_type fails on a malformed value: the CASE reads it only once json_valid says it parses.
  const isBox = `(CASE WHEN COALESCE(json_valid(${value}), 0) = 0 THEN 0
    WHEN json_type(${value}) <> 'object' THEN 0
    ELSE ${conditions.join(" AND ")} END) = 1`;
  return { from: "", isBox, number: (field) => `CAST(json_extract(${value}, '$.${field}') AS REAL)`, text };
}

/** The reader of box values held in `value` on `dialect`. */
export function boxValueReader(dialect: Dialect, value: string): BoxValueReader {
  if (dialect === "mysql") return mysqlReader(value);
  return dialect === "postgres" ? postgresReader(value) : sqliteReader(value);
}

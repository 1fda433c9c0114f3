/**
 * The table bench:postgres-read-paths reads: the columns of the annotations view (names and
 * kinds from VIEW_COLUMNS), one row per view row, filled on the server from generate_series
 * with values of the view's shapes: UUIDs, short texts, integers, doubles with long fractions,
 * timestamps with microseconds, and NULLs where a view row often has none (no image, no
 * association, no description).
 */
import type pg from "pg";
import type { ColumnKind, ViewColumn } from "../../../../services/annotation/query/view/annotations-view.js";

export const READ_PATHS_TABLE = "bench_annotation_rows";

const TYPES: Record<ColumnKind, string> = {
  uuid: "UUID",
  text: "TEXT",
  integer: "INTEGER",
  long: "BIGINT",
  double: "DOUBLE PRECISION",
  instant: "TIMESTAMP(6)",
};

/** Columns a view row often leaves empty: a moment without image or association, descriptions. */
const OFTEN_EMPTY =
  /^(image_|association_|link_|to_concept|mime_type)|description|activity|observation_group/;

/** A column's value for the row numbered `g` (g groups into moments of two rows). */
function generatedValue(column: ViewColumn, index: number): string {
  const seed = `(g / 2 + ${index})`;
  const value = {
    uuid: `md5(${seed}::text || '${column.name}')::uuid`,
    text: `'${column.name.slice(0, 12)}-' || (${seed} % 997)`,
    integer: `(${seed} % 1920)`,
    long: `(${seed}::bigint * 1001)`,
    double: `((${seed} % 100003) / 7.0)::double precision`,
    instant: `TIMESTAMP '2020-01-01' + ${seed} * INTERVAL '1.234567 second'`,
  }[column.kind];
  return OFTEN_EMPTY.test(column.name) ? `CASE WHEN g % 5 < 2 THEN NULL ELSE ${value} END` : value;
}

/** Creates and fills the table (`rows` rows) in batches of 100,000, then analyzes it. */
export async function fillReadPathsTable(
  client: pg.Client,
  columns: readonly ViewColumn[],
  rows: number,
  onProgress: (done: number) => void,
): Promise<void> {
  const definitions = columns.map((column) => `${column.name} ${TYPES[column.kind]}`).join(", ");
  await client.query(`CREATE UNLOGGED TABLE ${READ_PATHS_TABLE} (${definitions})`);
  const values = columns.map(generatedValue).join(", ");
  const step = 100_000;
  for (let start = 1; start <= rows; start += step) {
    const end = Math.min(rows, start + step - 1);
    await client.query(
      `INSERT INTO ${READ_PATHS_TABLE} SELECT ${values} FROM generate_series(${start}, ${end}) AS g`,
    );
    onProgress(end);
  }
  await client.query(`VACUUM ANALYZE ${READ_PATHS_TABLE}`);
}

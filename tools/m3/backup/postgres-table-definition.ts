import type pg from "pg";
import { quote } from "./postgres-connection.js";

/** A constraint as `ALTER TABLE … ADD CONSTRAINT name definition` makes it again. */
export interface NamedConstraint {
  name: string;
  definition: string;
}

/** What a restore into PostgreSQL sets aside while a table loads, and how it writes the table's columns. */
export interface DeferredPostgresDefinitions {
  /** Indexes that back no constraint: their (schema-qualified) names and CREATE INDEX statements. */
  indexes: { quotedName: string; definition: string }[];
  /** UNIQUE and EXCLUDE constraints (the primary key stays: rows come in its order). */
  uniqueKeys: NamedConstraint[];
  foreignKeys: NamedConstraint[];
  /** Each stored column's type as a cast names it (`character(36)`, `timestamp(6) without time zone`). */
  types: Map<string, string>;
  /** Whether a column is an identity column, whose archived ids need OVERRIDING SYSTEM VALUE. */
  identity: boolean;
  /** The sequences behind serial and identity columns, moved past the restored ids after the load. */
  sequences: { column: string; sequence: string }[];
  /** Whether the table has triggers of its own (not those PostgreSQL makes for foreign keys). */
  hasTriggers: boolean;
}

/** Reads a table's definitions from the catalogue. */
export async function deferredPostgresDefinitions(
  client: pg.Client,
  table: string,
): Promise<DeferredPostgresDefinitions> {
  const relation = quote(table);
  const { rows: found } = await client.query<{ oid: number | null }>("SELECT to_regclass($1)::oid AS oid", [
    relation,
  ]);
  const oid = found[0]?.oid;
  if (!oid) throw new Error(`the table ${table} does not exist`);
  const { rows: indexes } = await client.query<{ quotedName: string; definition: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(ic.relname) AS "quotedName",
            pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = ic.relnamespace
      WHERE i.indrelid = $1 AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conrelid = i.indrelid AND c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY ic.relname`,
    [oid],
  );
  const { rows: constraints } = await client.query<NamedConstraint & { type: string }>(
    `SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = $1 AND contype IN ('f', 'u', 'x') ORDER BY conname`,
    [oid],
  );
  const { rows: columns } = await client.query<{
    name: string;
    type: string;
    identity: string;
    sequence: string | null;
  }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attidentity AS identity,
            pg_get_serial_sequence($2, attname) AS sequence
       FROM pg_attribute
      WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
    [oid, relation],
  );
  const { rows: triggers } = await client.query(
    "SELECT 1 FROM pg_trigger WHERE tgrelid = $1 AND NOT tgisinternal LIMIT 1",
    [oid],
  );
  const constraintsOf = (types: string[]) =>
    constraints
      .filter((constraint) => types.includes(constraint.type))
      .map(({ name, definition }) => ({ name, definition }));
  return {
    indexes,
    uniqueKeys: constraintsOf(["u", "x"]),
    foreignKeys: constraintsOf(["f"]),
    types: new Map(columns.map((column) => [column.name, column.type])),
    identity: columns.some((column) => column.identity !== ""),
    sequences: columns.flatMap(({ name, sequence }) => (sequence ? [{ column: name, sequence }] : [])),
    hasTriggers: triggers.length > 0,
  };
}

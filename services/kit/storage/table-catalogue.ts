/**
 * What a column holds, whatever type each engine stores it as (the migrations choose those):
 * uuid (CHAR(36) / TEXT), serial (an AUTO_INCREMENT / AUTOINCREMENT id), integer (any whole
 * number, up to 64 bits), double, boolean (TINYINT / INTEGER 0 or 1), text, and instant
 * (DATETIME(6) / the TEXT `YYYY-MM-DD hh:mm:ss.ffffff`).
 */
export type ColumnKind = "uuid" | "serial" | "integer" | "double" | "boolean" | "text" | "instant";

/** A column's kind, with a `?` when it may be NULL. */
export type ColumnType = ColumnKind | `${ColumnKind}?`;

/**
 * What a table holds beyond the domain's own rows: `counts` are recounted from the other
 * tables, `version` is a counter the domain bumps on changes (for its caches), `transient` is
 * state that expires by itself within minutes (the kb's failed-login counts). A backup keeps
 * none of them, and an import carries none.
 */
export type TableRole = "counts" | "version" | "transient";

/** One table: its columns in table order, and its primary key. */
export interface TableShape {
  /**
   * Every column the domain writes, in the order the migrations create them (a column a later
   * migration adds comes last). Columns the engine computes (MySQL's stored hashes and reversed
   * URIs, which SQLite lacks) are not here. A new column goes into both engines' migrations, the
   * entity and here; test/{unit,integration}/house/table-catalogues.test.ts fail until the four agree, and the
   * backup, the data generator, the kb import and the reads' column lists then follow.
   */
  readonly columns: Readonly<Record<string, ColumnType>>;
  readonly key: readonly string[];
  readonly role?: TableRole;
}

/** A domain's tables by name, parents before the tables that refer to them. */
export type TableCatalogue = Readonly<Record<string, TableShape>>;

/** A table's column names, in table order. */
export type ColumnName<T extends TableShape> = keyof T["columns"] & string;

/** The columns a row may leave out: those that may be NULL, and serial ids (the database numbers them). */
type Optional<T extends TableShape> = {
  [C in ColumnName<T>]: T["columns"][C] extends `${string}?` | "serial" ? C : never;
}[ColumnName<T>];

/** One row's values by column name: each of the others' is required. */
export type RowValues<T extends TableShape, V> = { [C in Exclude<ColumnName<T>, Optional<T>>]: V } & {
  [C in Optional<T>]?: V;
};

/** A row's values in the order of `columns`, from its values by name (NULL for those left out). */
export function valuesInOrder<V>(
  columns: readonly string[],
  values: Partial<Record<string, V>>,
): (V | null)[] {
  return columns.map((column) => values[column] ?? null);
}

/** A table keyed by its columns (whose names the key is checked against). */
export function table<const C extends Readonly<Record<string, ColumnType>>>(
  key: readonly NoInfer<keyof C & string>[],
  columns: C,
  role?: TableRole,
): { columns: C; key: readonly (keyof C & string)[]; role?: TableRole } {
  return role ? { columns, key, role } : { columns, key };
}

export function columnNames<T extends TableShape>(shape: T): ColumnName<T>[] {
  return Object.keys(shape.columns) as ColumnName<T>[];
}

export function kindOf(type: ColumnType): ColumnKind {
  return (type.endsWith("?") ? type.slice(0, -1) : type) as ColumnKind;
}

export function isNullable(type: ColumnType): boolean {
  return type.endsWith("?");
}

/** The tables that hold the domain's own rows (no counts, versions or transient state), in catalogue order. */
export function dataTables(catalogue: TableCatalogue): [string, TableShape][] {
  return Object.entries(catalogue).filter(([, shape]) => shape.role === undefined);
}

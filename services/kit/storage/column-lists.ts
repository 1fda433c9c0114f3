import { type ColumnName, columnNames, type TableShape } from "./table-catalogue.js";

/**
 * A SELECT list of a table's columns from its catalogue, in table order: `alias.column` each
 * (bare with no alias), but those excepted. Built once per statement, so the SQL stays constant.
 */
export function columnList<T extends TableShape>(
  shape: T,
  alias?: string,
  except: readonly ColumnName<T>[] = [],
): string {
  const columns = columnNames(shape).filter((column) => !except.includes(column));
  return columns.map((column) => (alias ? `${alias}.${column}` : column)).join(", ");
}

/**
 * A SELECT list of a table's columns each under its alias as a prefix (`alias.column AS
 * alias_column`), for a read joining tables whose columns share names.
 */
export function prefixedColumnList<T extends TableShape>(
  shape: T,
  alias: string,
  except: readonly ColumnName<T>[] = [],
): string {
  const columns = columnNames(shape).filter((column) => !except.includes(column));
  return columns.map((column) => `${alias}.${column} AS ${alias}_${column}`).join(", ");
}

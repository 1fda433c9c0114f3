import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import { orderTerm } from "../../../kit/sql/null-order.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { SqlStatement } from "../../../kit/sql/statement.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";
import type { Condition, TabularQuery } from "../services/tabular-query.js";
import type { ViewColumn } from "../view/annotations-view.js";

/**
 * The LIMIT of an offset without a limit: MySQL has no "no limit" and documents this stand-in,
 * SQLite takes a negative limit for none, PostgreSQL `ALL` (and refuses a negative one).
 */
const NO_LIMIT: Readonly<Record<Dialect, string>> = {
  mysql: "18446744073709551615",
  postgres: "ALL",
  sqlite: "-1",
};

/**
 * `SELECT [DISTINCT] <columns> FROM <view> [WHERE …] ORDER BY … [LIMIT … OFFSET …]`. Column
 * names come from the view's definition (the rules accept nothing else); every value is a
 * parameter. `view` is the view's name or a derived table standing in for it.
 */
export function selectStatement(query: TabularQuery, view: string, dialect: Dialect): SqlStatement {
  const where = whereOf(query, view, dialect);
  const columns = query.columns.map((column) => selected(column, query, dialect)).join(", ");
  // NULL sorts first on every engine, as the runs sorted in memory (sorted-runs.ts) expect.
  const order = query.orderBy.map((column) => orderTerm(dialect, column.name)).join(", ");
  const page = pageOf(query, dialect);
  return {
    sql: `SELECT ${query.distinct ? "DISTINCT " : ""}${columns} FROM ${view}${where.sql} ORDER BY ${order}${page.sql}`,
    params: [...where.params, ...page.params],
  };
}

/**
 * A column of the select list. MySQL sends doubles as text and the driver parses them, only
 * for the TSV encoder to print them again: selected as text (unaliased, so ORDER BY still
 * sorts the number), they skip both. DISTINCT compares selected values, so it keeps numbers.
 */
function selected(column: ViewColumn, query: TabularQuery, dialect: Dialect): string {
  return column.kind === "double" && dialect === "mysql" && !query.distinct
    ? `CAST(${column.name} AS CHAR)`
    : column.name;
}

/** `SELECT COUNT(*) AS count FROM <view> WHERE …` (select, distinct and the page do not apply). */
export function countStatement(query: TabularQuery, view: string, dialect: Dialect): SqlStatement {
  const where = whereOf(query, view, dialect);
  return { sql: `SELECT COUNT(*) AS count FROM ${view}${where.sql}`, params: where.params };
}

function whereOf(query: TabularQuery, view: string, dialect: Dialect): SqlStatement {
  const params: unknown[] = [];
  const conditions = query.conditions.map((condition) => conditionSql(condition, params, dialect));
  let where = conditions.length === 0 ? "" : ` WHERE ${conditions.join(" AND ")}`;
  if (query.scope.concurrentObservations) {
    where = ` WHERE imaged_moment_uuid IN (SELECT imaged_moment_uuid FROM ${view}${where})`;
  }
  if (query.scope.relatedAssociations) {
    where = ` WHERE observation_uuid IN (SELECT observation_uuid FROM ${view}${where})`;
  }
  return { sql: where, params };
}

/**
 * The column as LIKE matches it. MySQL and SQLite match any column as its text; PostgreSQL
 * matches only text, so there a number is cast to its text and a timestamp printed with all six
 * digits of its microseconds, as MySQL's DATETIME(6) and SQLite's stored text read.
 */
function likeOperand(column: ViewColumn, dialect: Dialect): string {
  if (dialect !== "postgres" || column.kind === "text" || column.kind === "uuid") return column.name;
  if (column.kind === "instant") return `to_char(${column.name}, 'YYYY-MM-DD HH24:MI:SS.US')`;
  return `CAST(${column.name} AS TEXT)`;
}

function conditionSql(condition: Condition, params: unknown[], dialect: Dialect): string {
  const column = condition.column.name;
  switch (condition.kind) {
    case "between":
      params.push(condition.low, condition.high);
      return `${column} BETWEEN ? AND ?`;
    case "contains":
      // `contains` means the literal text: its own % and _ must not act as wildcards.
      params.push(`%${likeLiteral(condition.value)}%`);
      return `${likeOperand(condition.column, dialect)} LIKE ? ${LIKE_ESCAPE}`;
    case "equals":
      params.push(condition.value);
      return `${column} = ?`;
    case "in":
      params.push(...condition.values);
      return condition.values.length === 1
        ? `${column} = ?`
        : `${column} IN (${placeholders(condition.values.length)})`;
    case "isnull":
      return `${column} IS ${condition.isNull ? "" : "NOT "}NULL`;
    case "like":
      params.push(condition.value);
      return `${likeOperand(condition.column, dialect)} LIKE ?`;
    case "notlike":
      params.push(condition.value);
      return `${likeOperand(condition.column, dialect)} NOT LIKE ?`;
    case "max":
      params.push(condition.value);
      return `${column} <= ?`;
    case "min":
      params.push(condition.value);
      return `${column} >= ?`;
  }
}

function pageOf(query: TabularQuery, dialect: Dialect): SqlStatement {
  const { limit, offset } = query;
  if (limit === undefined && offset === undefined) return { sql: "", params: [] };
  if (offset === undefined) return { sql: " LIMIT ?", params: [limit] };
  return limit === undefined
    ? { sql: ` LIMIT ${NO_LIMIT[dialect]} OFFSET ?`, params: [offset] }
    : { sql: " LIMIT ? OFFSET ?", params: [limit, offset] };
}

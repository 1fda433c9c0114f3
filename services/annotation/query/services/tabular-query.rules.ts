import type {
  QueryConstraint,
  QueryRequest,
} from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { checkListSize, checkNonNegative } from "../../../kit/input/field-rules.js";
import { Instant } from "../../../kit/time/instant.js";
import { findViewColumn, type ViewColumn } from "../view/annotations-view.js";
import type { Condition, TabularQuery } from "./tabular-query.js";

const MAX_CONDITIONS = 100;

/**
 * What the query is for: rows (run, download) need a select list; a count needs constraints
 * and ignores select, orderBy and distinct.
 */
export type QueryPurpose = "rows" | "count";

/**
 * Checks a legacy QueryRequest: every column named (select, orderBy, where) must be a column
 * of the view, every constraint needs an operator and well-formed values. Applies the legacy
 * defaults: strict unless widened, non-strict output starts with observation_uuid and
 * index_recorded_timestamp, and the order falls back to the first column or the index time.
 */
export function tabularQueryOf(request: QueryRequest | undefined, purpose: QueryPurpose): TabularQuery {
  const given = request ?? emptyRequest();
  const scope = {
    concurrentObservations: given.concurrentObservations ?? false,
    relatedAssociations: given.relatedAssociations ?? false,
  };
  const strict = (given.strict ?? true) && !scope.concurrentObservations && !scope.relatedAssociations;
  // A count ignores the select list, the order and distinct, as the legacy count did.
  const rows = purpose === "rows";
  const selected = rows ? given.select.map((name, index) => columnNamed(name, `select[${index}]`)) : [];
  if (rows && selected.length === 0) {
    throw invalid("MISSING_FIELD", "select is required", "select");
  }
  const mustConstrain = purpose === "count" || given.strict === true;
  if (mustConstrain && given.where.length === 0) {
    throw invalid("MISSING_FIELD", "where is required", "where");
  }
  if (given.where.length > MAX_CONDITIONS) {
    throw invalid("TOO_MANY_CONSTRAINTS", `where holds more than ${MAX_CONDITIONS} constraints`, "where");
  }
  const columns = !rows || strict ? selected : withIndexColumns(selected);
  const orderBy = rows ? orderOf(given.orderBy, columns, strict) : [];
  const distinct = rows && (given.distinct ?? false);
  if (distinct && orderBy.some((column) => !columns.includes(column))) {
    throw invalid("ORDER_NOT_SELECTED", "with distinct, every orderBy column must be selected", "orderBy");
  }
  return {
    columns,
    distinct,
    conditions: given.where.map((constraint, index) => conditionOf(constraint, `where[${index}]`)),
    scope,
    orderBy,
    limit: checkNonNegative(given.limit, "limit"),
    offset: checkNonNegative(given.offset, "offset"),
  };
}

function withIndexColumns(selected: readonly ViewColumn[]): ViewColumn[] {
  const columns = [...selected];
  for (const name of ["index_recorded_timestamp", "observation_uuid"]) {
    const column = requiredColumn(name);
    if (!columns.includes(column)) columns.unshift(column);
  }
  return columns;
}

function orderOf(names: readonly string[], columns: readonly ViewColumn[], strict: boolean): ViewColumn[] {
  if (names.length > 0) return names.map((name, index) => columnNamed(name, `orderBy[${index}]`));
  const first = columns[0];
  if (strict && first) return [first];
  return [requiredColumn("index_recorded_timestamp"), requiredColumn("observation_uuid")];
}

/** The first operator present wins, in the legacy order. */
function conditionOf(constraint: QueryConstraint, field: string): Condition {
  const column = columnNamed(constraint.column, `${field}.column`);
  if (constraint.between.length > 0) {
    const [low, high] = pair(constraint.between, `${field}.between`).map((text) => instantText(text, field));
    return { kind: "between", column, low: low as string, high: high as string };
  }
  if (constraint.contains !== undefined) return { kind: "contains", column, value: constraint.contains };
  if (constraint.equals !== undefined) {
    return { kind: "equals", column, value: comparable(column, constraint.equals, `${field}.equals`) };
  }
  if (constraint.in.length > 0) {
    const values = checkListSize(constraint.in, `${field}.in`);
    return { kind: "in", column, values: values.map((value) => comparable(column, value, `${field}.in`)) };
  }
  if (constraint.isnull !== undefined) return { kind: "isnull", column, isNull: constraint.isnull };
  for (const kind of ["like", "notlike"] as const) {
    const value = constraint[kind];
    if (value !== undefined) return { kind, column, value };
  }
  for (const kind of ["max", "min"] as const) {
    const value = constraint[kind];
    if (value !== undefined) return { kind, column, value: finite(value, `${field}.${kind}`) };
  }
  if (constraint.minmax.length > 0) {
    const [low, high] = pair(constraint.minmax, `${field}.minmax`).map((value) =>
      finite(value, `${field}.minmax`),
    );
    return { kind: "between", column, low: low as number, high: high as number };
  }
  throw invalid(
    "MISSING_OPERATOR",
    `${field} needs one of between, contains, equals, in, isnull, like, notlike, max, min, minmax`,
    field,
  );
}

function columnNamed(name: string, field: string): ViewColumn {
  const column = findViewColumn(name);
  if (!column)
    throw invalid("UNKNOWN_COLUMN", `${field}: "${name}" is not a column of the annotations view`, field);
  return column;
}

function requiredColumn(name: string): ViewColumn {
  const column = findViewColumn(name);
  if (!column) throw new Error(`the annotations view has no ${name} column`);
  return column;
}

function pair<T>(values: readonly T[], field: string): readonly T[] {
  if (values.length !== 2) throw invalid("INVALID_VALUE", `${field} needs exactly two values`, field);
  return values;
}

const INTEGER_TEXT = /^\s*[-+]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * A value compared with `equals` or `in` as its column's kind reads it, the same on every
 * engine: a number column takes a number (MySQL would compare "abc" as 0, PostgreSQL refuse
 * it), a time column an instant (sent in the form every engine stores).
 */
function comparable(column: ViewColumn, text: string, field: string): string {
  if (column.kind === "instant") {
    const instant = Instant.parse(text);
    if (!instant)
      throw invalid("INVALID_VALUE", `${field}: "${text}" is not an instant (${column.name})`, field);
    return instant.toSql();
  }
  const pattern = column.kind === "integer" || column.kind === "long" ? INTEGER_TEXT : NUMBER_TEXT;
  if (column.kind !== "text" && column.kind !== "uuid" && !pattern.test(text)) {
    const wanted = pattern === INTEGER_TEXT ? "a whole number" : "a number";
    throw invalid("INVALID_VALUE", `${field}: "${text}" is not ${wanted} (${column.name})`, field);
  }
  return text;
}

function instantText(text: string, field: string): string {
  const instant = Instant.parse(text);
  if (!instant)
    throw invalid("INVALID_VALUE", `${field}.between: "${text}" is not an instant`, `${field}.between`);
  return instant.toSql();
}

function finite(value: number, field: string): number {
  if (!Number.isFinite(value)) throw invalid("INVALID_VALUE", `${field} must be a finite number`, field);
  return value;
}

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

function emptyRequest(): QueryRequest {
  return { select: [], where: [], orderBy: [] };
}

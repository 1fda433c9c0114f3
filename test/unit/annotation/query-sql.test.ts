import test from "ava";
import type { QueryRequest } from "../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import {
  countStatement,
  selectStatement,
} from "../../../services/annotation/query/repositories/tabular-query.sql.js";
import { tabularQueryOf } from "../../../services/annotation/query/services/tabular-query.rules.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

function request(fields: Partial<QueryRequest>): QueryRequest {
  return { select: [], where: [], orderBy: [], ...fields };
}

const where = (column: string, operator: Record<string, unknown>) => ({
  column,
  between: [],
  in: [],
  minmax: [],
  ...operator,
});

function rejection(fields: Partial<QueryRequest>, purpose: "rows" | "count" = "rows"): DomainError {
  const error = (() => {
    try {
      tabularQueryOf(request(fields), purpose);
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  if (!(error instanceof DomainError)) throw new Error("expected a DomainError");
  return error;
}

test("a strict query selects exactly its columns, ordered by the first one", (t) => {
  const query = tabularQueryOf(request({ select: ["Concept", "observer"], distinct: true }), "rows");
  const statement = selectStatement(query, "annotations", "mysql");
  t.is(statement.sql, "SELECT DISTINCT concept, observer FROM annotations ORDER BY concept ASC");
  t.deepEqual(statement.params, []);
});

test("a non-strict query starts with observation_uuid and index_recorded_timestamp and orders by time", (t) => {
  const query = tabularQueryOf(request({ select: ["concept"], strict: false }), "rows");
  t.is(
    selectStatement(query, "annotations", "mysql").sql,
    "SELECT observation_uuid, index_recorded_timestamp, concept FROM annotations " +
      "ORDER BY index_recorded_timestamp ASC, observation_uuid ASC",
  );
});

test("every operator becomes a condition with bound values", (t) => {
  const query = tabularQueryOf(
    request({
      select: ["concept"],
      where: [
        where("index_recorded_timestamp", { between: ["2020-01-01T00:00:00Z", "20200102T000000Z"] }),
        where("concept", { contains: "50%_off" }),
        where("observer", { equals: "brian" }),
        where("activity", { in: ["a"] }),
        where("observation_group", { in: ["g1", "g2"] }),
        where("image_url", { isnull: true }),
        where("link_name", { isnull: false }),
        where("to_concept", { like: "Aur%" }),
        where("link_value", { notlike: "%x" }),
        where("depth_meters", { max: 100 }),
        where("latitude", { min: 36.5 }),
        where("longitude", { minmax: [-122, -121] }),
      ],
      orderBy: ["observer", "concept"],
      limit: 10,
      offset: 5,
    }),
    "rows",
  );
  const statement = selectStatement(query, "annotations", "sqlite");
  t.is(
    statement.sql,
    "SELECT concept FROM annotations WHERE index_recorded_timestamp BETWEEN ? AND ? AND " +
      "concept LIKE ? ESCAPE '!' AND observer = ? AND activity = ? AND observation_group IN (?, ?) AND " +
      "image_url IS NULL AND link_name IS NOT NULL AND to_concept LIKE ? AND link_value NOT LIKE ? AND " +
      "depth_meters <= ? AND latitude >= ? AND longitude BETWEEN ? AND ? ORDER BY observer ASC NULLS FIRST, concept ASC NULLS FIRST LIMIT ? OFFSET ?",
  );
  t.deepEqual(statement.params, [
    "2020-01-01 00:00:00.000000",
    "2020-01-02 00:00:00.000000",
    "%50!%!_off%",
    "brian",
    "a",
    "g1",
    "g2",
    "Aur%",
    "%x",
    100,
    36.5,
    -122,
    -121,
    10,
    5,
  ]);
});

test("the first operator in the legacy order wins", (t) => {
  const query = tabularQueryOf(request({ where: [where("concept", { like: "a%", equals: "b" })] }), "count");
  t.deepEqual(countStatement(query, "annotations", "mysql").params, ["b"]);
});

test("concurrent and related widen to whole imaged moments, then whole observations", (t) => {
  const query = tabularQueryOf(
    request({
      select: ["concept"],
      where: [where("concept", { equals: "x" })],
      concurrentObservations: true,
      relatedAssociations: true,
    }),
    "count",
  );
  t.is(
    countStatement(query, "annotations", "mysql").sql,
    "SELECT COUNT(*) AS count FROM annotations WHERE observation_uuid IN (SELECT observation_uuid FROM annotations " +
      "WHERE imaged_moment_uuid IN (SELECT imaged_moment_uuid FROM annotations WHERE concept = ?))",
  );
});

test("an offset without a limit pages to the end in each dialect", (t) => {
  const query = tabularQueryOf(request({ select: ["concept"], offset: 3 }), "rows");
  t.regex(selectStatement(query, "annotations", "mysql").sql, / LIMIT 18446744073709551615 OFFSET \?$/);
  t.regex(selectStatement(query, "annotations", "sqlite").sql, / LIMIT -1 OFFSET \?$/);
});

test("column names outside the view are refused, wherever they appear", (t) => {
  const injected = "concept; DROP TABLE observations";
  t.is(rejection({ select: [injected] }).reason, "UNKNOWN_COLUMN");
  t.is(rejection({ select: ["concept"], orderBy: ["concept DESC"] }).reason, "UNKNOWN_COLUMN");
  const error = rejection({ select: ["concept"], where: [where("1=1 OR concept", { equals: "x" })] });
  t.is(error.reason, "UNKNOWN_COLUMN");
  t.is(error.metadata?.field, "where[0].column");
});

test("run and download need a select list; count and explicit strict need constraints", (t) => {
  t.like(rejection({}), { reason: "MISSING_FIELD", message: "select is required" });
  t.like(rejection({ select: ["concept"] }, "count"), {
    reason: "MISSING_FIELD",
    message: "where is required",
  });
  t.like(rejection({ select: ["concept"], strict: true }), {
    reason: "MISSING_FIELD",
    message: "where is required",
  });
  t.notThrows(() => tabularQueryOf(request({ select: ["concept"] }), "rows"));
});

test("malformed constraints are refused", (t) => {
  t.is(rejection({ select: ["concept"], where: [where("concept", {})] }).reason, "MISSING_OPERATOR");
  const badInstant = rejection({
    select: ["concept"],
    where: [where("observation_timestamp", { between: ["x", "y"] })],
  });
  t.is(badInstant.reason, "INVALID_VALUE");
  t.is(rejection({ select: ["x"], where: [where("x", { minmax: [1] })] }).reason, "INVALID_VALUE");
  t.is(rejection({ select: ["concept"], limit: -1 }).metadata?.field, "limit");
});

test("equals and in take a value of their column's kind, so every engine reads it alike", (t) => {
  const refused = (column: string, constraint: Parameters<typeof where>[1]) =>
    rejection({ select: ["concept"], where: [where(column, constraint)] });
  t.like(refused("depth_meters", { equals: "abc" }), { reason: "INVALID_VALUE" });
  t.is(refused("depth_meters", { equals: "abc" }).metadata?.field, "where[0].equals");
  t.like(refused("depth_meters", { in: ["10", "deep"] }), { reason: "INVALID_VALUE" });
  t.like(refused("observation_timestamp", { equals: "yesterday" }), { reason: "INVALID_VALUE" });
  const accepted = (column: string, value: string) =>
    tabularQueryOf(request({ select: ["concept"], where: [where(column, { equals: value })] }), "rows");
  t.notThrows(() => accepted("depth_meters", "-1.5e2"));
  t.notThrows(() => accepted("concept", "abc"));
  const instant = accepted("observation_timestamp", "2020-01-01T00:00:00Z").conditions[0];
  t.true(instant?.kind === "equals" && !instant.value.includes("T"), "sent in the stored form");
});

test("with distinct, the order must use selected columns", (t) => {
  t.is(
    rejection({ select: ["concept"], distinct: true, orderBy: ["observer"] }).reason,
    "ORDER_NOT_SELECTED",
  );
});

test("a count ignores the select list, the order and distinct, even with names the view lacks", (t) => {
  const query = tabularQueryOf(
    request({
      select: ["concept", "a_column_of_another_deployment"],
      orderBy: ["nor_this_one"],
      distinct: true,
      where: [where("concept", { equals: "Nanomia" })],
    }),
    "count",
  );
  t.deepEqual(query.columns, []);
  t.deepEqual(query.orderBy, []);
  t.false(query.distinct);
  t.deepEqual(countStatement(query, "annotations", "mysql"), {
    sql: "SELECT COUNT(*) AS count FROM annotations WHERE concept = ?",
    params: ["Nanomia"],
  });
  t.is(rejection({ where: [where("no_such_column", { equals: "x" })] }, "count").reason, "UNKNOWN_COLUMN");
});

test("the view is the union of the legacy deployments' columns", (t) => {
  const names = [
    "association_uuid",
    "association",
    "associations",
    "video_reference_uuid",
    "video_container",
    "video_width",
    "video_height",
    "frame_rate",
    "video_duration_millis",
    "video_start_timestamp",
    "video_sequence_name",
    "camera_id",
    "video_uri",
    "video_name",
    "audio_codec",
    "video_codec",
    "video_sha512",
    "video_size_bytes",
    "video_reference_description",
    "video_description",
    "video_sequence_description",
  ];
  t.notThrows(() => tabularQueryOf(request({ select: names }), "rows"));
});

import test from "ava";
import { QueryConstraints } from "../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import { filterSql } from "../../../services/annotation/fast/repositories/fast-filter.sql.js";
import {
  constrainedQueryOf,
  DEFAULT_CONSTRAINED_LIMIT,
} from "../../../services/annotation/fast/services/fast-constraints.rules.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { Instant } from "../../../services/kit/time/instant.js";

const VIDEO = "0b6f8b3c-8d8e-4c1a-9d3e-1f2a3b4c5d6e";

function lists(values: Partial<QueryConstraints> = {}) {
  return QueryConstraints.fromPartial(values);
}

function placeholdersIn(sql: string): number {
  return sql.split("?").length - 1;
}

test("every filter value is bound as a parameter, one per placeholder, never spliced", (t) => {
  const evil = "x' OR '1'='1";
  const sql = filterSql({
    videoReferenceUuids: [VIDEO],
    concepts: [evil, "b"],
    observers: [evil],
    groups: [evil],
    activities: [evil],
    missionContacts: [evil],
    depth: { min: 1, max: 2 },
    latitude: { min: 3 },
    longitude: { max: 4 },
    recorded: { min: Instant.ofEpochMillis(0), max: Instant.ofEpochMillis(1000) },
    linkName: evil,
    linkValue: evil,
    platformName: evil,
    missionId: evil,
    toConcept: evil,
    concept: evil,
    momentLink: { linkName: evil, linkValue: evil },
    withImages: true,
  });
  const text = `${sql.from} ${sql.where.join(" AND ")}`;
  t.false(text.includes(evil));
  t.is(placeholdersIn(text), sql.params.length);
});

test("a concept list alone drives the query from the union of the two concept indexes", (t) => {
  const sql = filterSql({ concepts: ["Aegina"] });
  t.regex(sql.from, /^\(SELECT uuid AS observation_uuid FROM observations WHERE concept IN \(\?\)\s+UNION/);
  t.deepEqual(sql.params, ["Aegina", "Aegina"]);
  t.deepEqual(sql.where, []);
});

test("a concept list with a link constraint is matched on the same association", (t) => {
  const sql = filterSql({ concepts: ["Aegina"], linkName: "eating" });
  t.regex(sql.from, /^observations o JOIN imaged_moments im/);
  t.deepEqual(sql.where, [
    "EXISTS (SELECT 1 FROM associations a WHERE a.observation_uuid = o.uuid AND a.link_name = ? AND (o.concept IN (?) OR a.to_concept IN (?)))",
  ]);
  t.deepEqual(sql.params, ["eating", "Aegina", "Aegina"]);
});

test("a moment link drives the read from the link's moments, held first on each engine", (t) => {
  const momentLink = { linkName: "population-quantity", linkValue: "12" };
  for (const [dialect, join] of [
    ["mysql", "STRAIGHT_JOIN"],
    ["sqlite", "CROSS JOIN"],
  ] as const) {
    const sql = filterSql({ momentLink, observers: ["ann"] }, { dialect });
    t.regex(
      sql.from,
      new RegExp(
        `^\\(SELECT DISTINCT lo\\.imaged_moment_uuid FROM associations la[^)]+\\) lm ${join} observations o`,
      ),
    );
    t.deepEqual(sql.where, ["o.observer IN (?)"]);
    t.deepEqual(sql.params, ["population-quantity", "12", "ann"]);
  }
  // Without the engine (a count), the link stays a condition.
  const condition = filterSql({ momentLink });
  t.true(condition.from.startsWith("observations o"));
  t.deepEqual(condition.params, ["population-quantity", "12"]);
});

test("ancillary data and video information are joined only when constrained", (t) => {
  const plain = filterSql({ videoReferenceUuids: [VIDEO] });
  t.false(plain.from.includes("ancillary_data"));
  t.false(plain.from.includes("video_reference_information"));
  const both = filterSql({ depth: { min: 5 }, platformName: "Ventana" });
  t.true(both.from.includes("JOIN ancillary_data ad"));
  t.true(both.from.includes("JOIN video_reference_information vri"));
  t.deepEqual(both.where, ["vri.platform_name = ?", "ad.depth_meters >= ?"]);
  t.deepEqual(both.params, ["Ventana", 5]);
});

test("counts leave the imaged moment out unless a condition reads it", (t) => {
  const byConcept = filterSql(
    { concept: "Aegina", withImages: true, depth: { min: 5 } },
    { withMoment: false },
  );
  t.false(byConcept.from.includes("imaged_moments"));
  t.true(byConcept.from.includes("ad.imaged_moment_uuid = o.imaged_moment_uuid"));
  t.true(
    byConcept.where.some((condition) => condition.includes("ir.imaged_moment_uuid = o.imaged_moment_uuid")),
  );
  for (const filter of [
    { videoReferenceUuids: [VIDEO] },
    { recorded: { min: Instant.parse("2020-01-01T00:00:00Z") } },
    { platformName: "Ventana" },
  ]) {
    t.true(
      filterSql(filter, { withMoment: false }).from.includes("JOIN imaged_moments im"),
      JSON.stringify(filter),
    );
  }
  t.true(filterSql({ concept: "Aegina" }).from.includes("JOIN imaged_moments im"), "read by default");
});

test("the recorded-time bound is exclusive at the top unless asked otherwise", (t) => {
  const min = Instant.ofEpochMillis(0);
  const max = Instant.ofEpochMillis(60_000);
  t.deepEqual(filterSql({ recorded: { min, max } }).where, [
    "im.recorded_timestamp >= ?",
    "im.recorded_timestamp < ?",
  ]);
  const inclusive = filterSql({ recorded: { max, maxInclusive: true } });
  t.deepEqual(inclusive.where, ["im.recorded_timestamp <= ?"]);
  t.deepEqual(inclusive.params, [max.toSql()]);
});

test("constraints need at least one real constraint; limit, offset and data do not count", (t) => {
  for (const constraints of [undefined, lists(), { ...lists(), limit: 5, offset: 1, data: true }]) {
    const error = t.throws(() => constrainedQueryOf(constraints), { instanceOf: DomainError });
    t.is(error?.reason, "MISSING_CONSTRAINT");
  }
  for (const constraints of [
    lists({ concepts: ["a"] }),
    lists({ missionContacts: ["a"] }),
    { ...lists(), maxDepth: 0 },
    { ...lists(), minTimestamp: { seconds: 0, nanos: 0 } },
    { ...lists(), linkValue: "" },
    { ...lists(), missionId: "x" },
  ]) {
    t.notThrows(() => constrainedQueryOf(constraints), JSON.stringify(constraints));
  }
});

test("constraints default to limit 5000, offset 0, no data, and check UUIDs and paging", (t) => {
  const query = constrainedQueryOf(lists({ videoReferenceUuids: [VIDEO.toUpperCase()] }));
  t.deepEqual(query.filter.videoReferenceUuids, [VIDEO]);
  t.is(query.limit, DEFAULT_CONSTRAINED_LIMIT);
  t.is(query.offset, 0);
  t.false(query.data);
  t.throws(() => constrainedQueryOf(lists({ videoReferenceUuids: ["nope"] })), {
    message: /video_reference_uuids\[0\]/,
  });
  t.throws(() => constrainedQueryOf({ ...lists({ concepts: ["a"] }), offset: -1 }), { message: /offset/ });
  t.throws(() => constrainedQueryOf({ ...lists(), minDepth: Number.NaN }), { message: /min_depth/ });
  t.throws(() => constrainedQueryOf(lists({ concepts: Array.from({ length: 5001 }, () => "a") })), {
    message: /concepts/,
  });
});

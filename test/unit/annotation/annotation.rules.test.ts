import test from "ava";
import { caseUpdateStatement } from "../../../services/annotation/annotations/repositories/case-update.sql.js";
import {
  checkNewAnnotation,
  keyText,
  moveKeyOf,
  observationTimeOf,
} from "../../../services/annotation/annotations/services/annotation.rules.js";
import {
  pageOf,
  requireUuid,
} from "../../../services/annotation/annotations/services/annotation-input.rules.js";
import type { ImagedMomentEntity } from "../../../services/annotation/entities/imaged-moment.entity.js";
import { Instant } from "../../../services/kit/time/instant.js";

const VIDEO = "0190b8a4-0000-7000-8000-000000000001";
const T0 = Instant.parse("2020-01-01T00:00:00Z") as Instant;

function moment(overrides: Partial<ImagedMomentEntity> = {}): ImagedMomentEntity {
  return {
    uuid: "0190b8a4-0000-7000-8000-0000000000aa",
    videoReferenceUuid: VIDEO,
    timecode: "01:00:00:00",
    elapsedTimeMillis: 1000,
    recordedTimestamp: null,
    lastUpdatedTime: T0,
    ...overrides,
  };
}

test("an update naming no video or index does not move the observation", (t) => {
  t.is(moveKeyOf({ concept: "x" }, moment()), undefined);
});

test("an update repeating the current indices does not move the observation", (t) => {
  t.is(moveKeyOf({ timecode: "01:00:00:00", elapsedTimeMillis: 1000 }, moment()), undefined);
});

test("a moving update keeps each current index it does not give", (t) => {
  t.deepEqual(moveKeyOf({ elapsedTimeMillis: 5 }, moment()), {
    videoReferenceUuid: VIDEO,
    timecode: "01:00:00:00",
    elapsedTimeMillis: 5,
    recordedTimestamp: undefined,
  });
});

test("keys differ by every index, and an absent index differs from any value", (t) => {
  const base = { videoReferenceUuid: VIDEO };
  t.not(keyText({ ...base, elapsedTimeMillis: 0 }), keyText(base));
  t.not(keyText({ ...base, timecode: "" }), keyText(base));
  t.is(
    keyText({ ...base, recordedTimestamp: T0 }),
    keyText({ ...base, recordedTimestamp: T0.plusMillis(0) }),
  );
});

test("the observation time is the given one, else now", (t) => {
  const later = T0.plusMillis(1);
  t.is(observationTimeOf({ observationTimestamp: T0 }, later), T0);
  t.is(observationTimeOf({}, later), later);
});

test("a new annotation names every missing required field and checks lengths with the item's label", (t) => {
  t.throws(() => checkNewAnnotation({}), { message: "video_reference_uuid, concept are required" });
  t.throws(
    () => checkNewAnnotation({ videoReferenceUuid: VIDEO, concept: "x".repeat(257) }, "annotations[2]."),
    {
      message: "annotations[2].concept is longer than 256 characters",
    },
  );
});

test("UUIDs are lowercased and paging refuses negatives but allows no limit", (t) => {
  t.is(requireUuid(VIDEO.toUpperCase(), "uuid"), VIDEO);
  t.deepEqual(pageOf(undefined, undefined), { limit: undefined, offset: 0 });
  t.throws(() => pageOf(-1, 0), { message: "limit must not be negative" });
});

test("a CASE update binds key and value per row and each shared column once", (t) => {
  const statement = caseUpdateStatement(
    "observations",
    "uuid",
    ["concept", "observer"],
    [
      { key: "a", values: ["A", null] },
      { key: "b", values: ["B", "me"] },
    ],
    "mysql",
    { last_updated_timestamp: "now" },
  );
  t.is(
    statement.sql,
    "UPDATE observations SET concept = CASE uuid WHEN ? THEN ? WHEN ? THEN ? ELSE concept END, " +
      "observer = CASE uuid WHEN ? THEN ? WHEN ? THEN ? ELSE observer END, last_updated_timestamp = ? " +
      "WHERE uuid IN (?, ?)",
  );
  t.deepEqual(statement.params, ["a", "A", "b", "B", "a", null, "b", "me", "now", "a", "b"]);
});

test("on PostgreSQL a CASE update casts each value to its column's type, text left as it is", (t) => {
  const rows = [{ key: "a", values: ["2020-01-01 00:00:00.000000", 5] }];
  const statement = caseUpdateStatement(
    "observations",
    "uuid",
    ["observation_timestamp", "duration_millis", "concept"],
    rows,
    "postgres",
  );
  t.is(
    statement.sql,
    "UPDATE observations SET observation_timestamp = CASE uuid WHEN ? THEN CAST(? AS TIMESTAMP(6)) ELSE observation_timestamp END, " +
      "duration_millis = CASE uuid WHEN ? THEN CAST(? AS BIGINT) ELSE duration_millis END, " +
      "concept = CASE uuid WHEN ? THEN ? ELSE concept END WHERE uuid IN (?)",
  );
});

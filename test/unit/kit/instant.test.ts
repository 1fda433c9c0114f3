import test from "ava";
import { Instant } from "../../../services/kit/time/instant.js";

const BASE_SECONDS = Date.UTC(2016, 6, 11, 1, 23, 45) / 1000;

const accepted: [string, number, number][] = [
  ["2016-07-11T01:23:45Z", BASE_SECONDS, 0],
  ["2016-07-11T01:23:45z", BASE_SECONDS, 0],
  ["2016-07-11T01:23:45", BASE_SECONDS, 0],
  ["2016-07-11T01:23Z", BASE_SECONDS - 45, 0],
  ["2016-07-11T01:23:45.1Z", BASE_SECONDS, 100_000],
  ["2016-07-11T01:23:45,5Z", BASE_SECONDS, 500_000],
  ["2016-07-11T01:23:45.123Z", BASE_SECONDS, 123_000],
  ["2016-07-11T01:23:45.123456Z", BASE_SECONDS, 123_456],
  ["2016-07-11T01:23:45.123456789Z", BASE_SECONDS, 123_456],
  ["2016-07-11T03:23:45+02:00", BASE_SECONDS, 0],
  ["2016-07-11T03:23:45+0200", BASE_SECONDS, 0],
  ["2016-07-11T03:23:45+02", BASE_SECONDS, 0],
  ["2016-07-10T23:53:45-01:30", BASE_SECONDS, 0],
  ["  2016-07-11T01:23:45Z  ", BASE_SECONDS, 0],
  ["20160711T012345Z", BASE_SECONDS, 0],
  ["20160711T012345.123Z", BASE_SECONDS, 123_000],
  ["20160711T012345.123456Z", BASE_SECONDS, 123_456],
  ["20160711T032345+02:00", BASE_SECONDS, 0],
  ["1000-01-01T00:00:00Z", Date.UTC(1000, 0, 1) / 1000, 0],
];
for (const [text, seconds, micros] of accepted) {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const instant = Instant.parse(text);
    t.is(instant?.epochSeconds, seconds);
    t.is(instant?.microsOfSecond, micros);
  });
}

const rejected = [
  "",
  "hello",
  "2016-07-11",
  "2016-07-11 01:23:45Z",
  "2016-02-30T00:00:00Z",
  "2016-13-01T00:00:00Z",
  "2016-07-11T24:00:00Z",
  "2016-07-11T01:60:00Z",
  "2016-07-11T01:23:45+19:00",
  "2016-07-11T01:23:45.1234567890Z",
  "20160711T012345",
  "20160711T012345.12Z",
  "20160711T012345.1234Z",
  "0999-12-31T23:59:59Z",
  "1469200000000",
];
for (const text of rejected) {
  test(`rejects ${JSON.stringify(text)}`, (t) => {
    t.is(Instant.parse(text), undefined);
  });
}

test("prints without a fraction when it is zero", (t) => {
  t.is(Instant.of(BASE_SECONDS, 0).toString(), "2016-07-11T01:23:45Z");
});

test("prints milliseconds as 3 digits and microseconds as 6", (t) => {
  t.is(Instant.of(BASE_SECONDS, 123_000).toString(), "2016-07-11T01:23:45.123Z");
  t.is(Instant.of(BASE_SECONDS, 1_000).toString(), "2016-07-11T01:23:45.001Z");
  t.is(Instant.of(BASE_SECONDS, 123_456).toString(), "2016-07-11T01:23:45.123456Z");
  t.is(Instant.of(BASE_SECONDS, 7).toString(), "2016-07-11T01:23:45.000007Z");
  t.is(JSON.stringify({ at: Instant.of(BASE_SECONDS, 120_000) }), '{"at":"2016-07-11T01:23:45.120Z"}');
});

test("the SQL form always has 6 fraction digits and round-trips microseconds", (t) => {
  const instant = Instant.of(BASE_SECONDS, 123_456);
  t.is(instant.toSql(), "2016-07-11 01:23:45.123456");
  t.true(Instant.fromSql(instant.toSql()).equals(instant));
  t.is(Instant.of(BASE_SECONDS, 0).toSql(), "2016-07-11 01:23:45.000000");
  t.true(Instant.fromSql("2016-07-11 01:23:45").equals(Instant.of(BASE_SECONDS, 0)));
  t.true(Instant.fromSql("2016-07-11T01:23:45.5").equals(Instant.of(BASE_SECONDS, 500_000)));
});

test("fromSql rejects text that is not a SQL datetime", (t) => {
  t.throws(() => Instant.fromSql("2016-07-11"), { instanceOf: RangeError });
  t.throws(() => Instant.fromSql("2016-02-30 00:00:00"), { instanceOf: RangeError });
});

test("protobuf Timestamps round-trip, dropping nanoseconds below the microsecond", (t) => {
  const instant = Instant.fromTimestamp({ seconds: BASE_SECONDS, nanos: 123_456_789 });
  t.is(instant.microsOfSecond, 123_456);
  t.deepEqual(instant.toTimestamp(), { seconds: BASE_SECONDS, nanos: 123_456_000 });
});

test("epoch conversions, arithmetic and ordering keep microseconds", (t) => {
  const instant = Instant.ofEpochMicros(-1);
  t.is(instant.toString(), "1969-12-31T23:59:59.999999Z");
  t.is(Instant.ofEpochMillis(1_500).toString(), "1970-01-01T00:00:01.500Z");
  const later = Instant.of(BASE_SECONDS, 999_999).plusMillis(1);
  t.is(later.toString(), "2016-07-11T01:23:46.000999Z");
  t.true(later.compare(Instant.of(BASE_SECONDS, 0)) > 0);
  t.is(later.epochMillis, (BASE_SECONDS + 1) * 1000);
});

test("instants outside years 1000..9999 or with bad parts are refused", (t) => {
  t.throws(() => Instant.of(Date.UTC(10_000, 0, 1) / 1000, 0), { instanceOf: RangeError });
  t.throws(() => Instant.of(0, 1_000_000), { instanceOf: RangeError });
  t.throws(() => Instant.of(0.5, 0), { instanceOf: RangeError });
});

test("now is close to the wall clock", (t) => {
  t.true(Math.abs(Instant.now().epochMillis - Date.now()) < 1000);
});

test("printing agrees with the JavaScript calendar across centuries, leap days and year ends", (t) => {
  const samples = [
    Date.UTC(1000, 0, 1),
    Date.UTC(1600, 1, 29, 23, 59, 59),
    Date.UTC(1899, 11, 31, 12),
    Date.UTC(1969, 11, 31, 23, 59, 59),
    0,
    Date.UTC(2000, 1, 29, 1, 2, 3),
    Date.UTC(2024, 11, 31, 23, 59, 59),
    Date.UTC(2100, 2, 1),
    Date.UTC(9999, 11, 31, 23, 59, 59),
  ];
  for (let day = -200_000; day < 2_900_000; day += 997)
    samples.push(day * 86_400_000 + ((day * 7919) % 86_400) * 1000);
  for (const millis of samples) {
    if (millis < Date.UTC(1000, 0, 1) || millis > Date.UTC(9999, 11, 31, 23, 59, 59)) continue;
    const expected = new Date(millis).toISOString().replace(".000Z", "Z");
    t.is(Instant.ofEpochMillis(millis).toString(), expected);
  }
});

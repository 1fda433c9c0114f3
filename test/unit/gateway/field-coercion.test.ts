import test from "ava";
import { GatewayError } from "../../../gateway/src/engine/error-body.js";
import { coerceField, coerceMessage, type InputMode } from "../../../gateway/src/engine/field-coercion.js";
import { findField } from "../../../gateway/src/engine/field-names.js";
import { loadProtoRoot } from "../../../gateway/src/engine/proto-registry.js";
import { FIXTURE_PROTO_ROOT } from "../../support/gateway/fake-sample-server.js";

const root = loadProtoRoot(FIXTURE_PROTO_ROOT, ["m3/testing/v1/sample_service.proto"]);
const sample = root.lookupType("m3.testing.v1.Sample");

function coerce(name: string, value: unknown, mode: InputMode = "json"): unknown {
  const field = findField(sample, name);
  if (!field) throw new Error(`no field ${name}`);
  return coerceField(field, value, mode, name);
}

function rejection(name: string, value: unknown, mode: InputMode = "json"): string {
  try {
    coerce(name, value, mode);
  } catch (error) {
    if (error instanceof GatewayError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error(`${name}=${JSON.stringify(value)} was accepted`);
}

test("integers come from JSON integers and decimal-integer strings", (t) => {
  t.is(coerce("count", 42), 42);
  t.is(coerce("count", "-7"), -7);
  t.is(coerce("total_bytes", "9007199254740991", "text"), 9007199254740991);
  t.is(coerce("rank", 4294967295), 4294967295);
});

test("a non-integer is a 400 naming the field", (t) => {
  t.is(rejection("count", 1.5), "count must be an integer");
  t.is(rejection("count", "12abc", "text"), "count must be an integer");
  t.is(rejection("duration_millis", true), "duration_millis must be an integer");
  t.is(rejection("count", ""), "count must be an integer");
});

test("integers are range-checked by their proto type", (t) => {
  t.is(rejection("count", 2147483648), "count must be an integer between -2147483648 and 2147483647");
  t.is(rejection("rank", -1), "rank must be an integer between 0 and 4294967295");
  t.regex(rejection("total_bytes", "90071992547409910"), /total_bytes must be an integer between/);
});

test("doubles come from numbers and decimal strings", (t) => {
  t.is(coerce("ratio", 29.97), 29.97);
  t.is(coerce("ratio", "29.970000", "text"), 29.97);
  t.is(coerce("ratio", "1e3", "text"), 1000);
  t.is(rejection("ratio", "fast", "text"), "ratio must be a number");
});

test("text booleans accept true, false, 1 and 0 in any case; JSON booleans are true or false", (t) => {
  t.true(coerce("enabled", "TRUE", "text") as boolean);
  t.false(coerce("enabled", "False", "text") as boolean);
  t.true(coerce("enabled", "1", "text") as boolean);
  t.true(coerce("enabled", true) as boolean);
  t.false(coerce("enabled", false) as boolean);
  t.is(rejection("enabled", "yes", "text"), "enabled must be a boolean");
  t.is(rejection("enabled", 0), "enabled must be true or false");
  t.is(rejection("enabled", "true"), "enabled must be true or false");
});

test("a JSON list must be an array: a bare value or an object is a 400 naming the field", (t) => {
  t.deepEqual(coerce("labels", ["a", "b"]), ["a", "b"]);
  t.is(rejection("labels", "a"), "labels must be a list");
  t.is(rejection("labels", { 0: "a" }), "labels must be a list");
  t.deepEqual(coerce("labels", "a", "text"), ["a"]);
});

test("a JSON message must be an object and a JSON timestamp a string", (t) => {
  t.is(rejection("main_tag", ["k"]), "main_tag must be an object");
  t.is(rejection("main_tag", "k"), "main_tag must be an object");
  t.is(rejection("recorded_timestamp", 1609459200), "recorded_timestamp must be an ISO-8601 timestamp");
});

test("enums accept the value name in any case, without its type prefix, or the number", (t) => {
  t.is(coerce("color", "COLOR_RED"), 1);
  t.is(coerce("color", "color_green", "text"), 2);
  t.is(coerce("color", "green", "text"), 2);
  t.is(coerce("color", 1), 1);
  t.is(coerce("color", "2", "text"), 2);
  t.is(rejection("color", "blue"), "color must be one of COLOR_UNSPECIFIED, COLOR_RED, COLOR_GREEN");
  t.is(rejection("color", 9), "color must be one of COLOR_UNSPECIFIED, COLOR_RED, COLOR_GREEN");
});

test("timestamps parse ISO-8601 and the legacy compact forms, keeping microseconds", (t) => {
  t.deepEqual(coerce("recorded_timestamp", "2021-01-01T00:00:00.123456Z"), {
    seconds: 1609459200,
    nanos: 123456000,
  });
  t.deepEqual(coerce("recorded_timestamp", "2021-01-01T01:00:00+01:00"), { seconds: 1609459200, nanos: 0 });
  t.deepEqual(coerce("recorded_timestamp", "20210101T000000.500Z", "text"), {
    seconds: 1609459200,
    nanos: 500000000,
  });
  t.is(rejection("recorded_timestamp", "yesterday"), "recorded_timestamp must be an ISO-8601 timestamp");
  t.is(rejection("recorded_timestamp", 1609459200), "recorded_timestamp must be an ISO-8601 timestamp");
});

test("bytes come from base64 text or from a file's bytes", (t) => {
  t.deepEqual(coerce("payload", "aGk="), Buffer.from("hi"));
  t.deepEqual(coerce("payload", "aGk", "text"), Buffer.from("hi"));
  t.deepEqual(coerce("payload", Buffer.from([1, 2]), "text"), Buffer.from([1, 2]));
  t.is(rejection("payload", "not base64!"), "payload must be base64");
});

test("strings take text as is and JSON numbers as their text", (t) => {
  t.is(coerce("name", ""), "");
  t.is(coerce("name", "", "text"), "");
  t.is(coerce("name", 1234), "1234");
  t.is(rejection("name", { a: 1 }), "name must be a string");
});

test("in strict-json mode a string field takes only JSON strings", (t) => {
  t.is(coerce("name", "x", "strict-json"), "x");
  t.is(rejection("name", 1234, "strict-json"), "name must be a string");
  t.is(rejection("name", false, "strict-json"), "name must be a string");
  t.is(coerce("count", 3, "strict-json"), 3);
});

test("repeated fields take an array, repeated keys or a single value", (t) => {
  t.deepEqual(coerce("scores", [1, "2"]), [1, 2]);
  t.deepEqual(coerce("labels", ["a", "b"], "text"), ["a", "b"]);
  t.deepEqual(coerce("labels", "solo", "text"), ["solo"]);
  t.deepEqual(coerce("palette", ["red", "COLOR_GREEN"]), [1, 2]);
  t.is(rejection("scores", [1, "x"]), "scores[1] must be an integer");
  t.is(rejection("scores", [1, null]), "scores[1] must not be null");
});

test("a singular field given several text values is a 400", (t) => {
  t.is(rejection("count", ["1", "2"], "text"), "count must be a single value");
  t.is(coerce("count", ["3"], "text"), 3);
});

test("nested messages come from objects with snake or camel keys, errors naming the path", (t) => {
  t.deepEqual(coerce("main_tag", { key: "depth", weight: "3" }), { key: "depth", weight: 3 });
  t.deepEqual(coerce("tags", [{ key: "a" }, { key: "b", weight: 2 }]), [
    { key: "a" },
    { key: "b", weight: 2 },
  ]);
  t.is(rejection("tags", [{ key: "a" }, { weight: "heavy" }]), "tags[1].weight must be an integer");
  t.is(rejection("main_tag", "plain"), "main_tag must be an object");
  t.deepEqual(coerce("main_tag", '{"key":"json"}', "text"), { key: "json" });
});

test("maps come from objects with each value coerced", (t) => {
  t.deepEqual(coerce("counters", { a: 1, b: "2" }), { a: 1, b: 2 });
  t.is(rejection("counters", { a: "many" }), "counters.a must be an integer");
  t.is(rejection("counters", [1]), "counters must be an object");
});

test("Struct takes any JSON object", (t) => {
  t.deepEqual(coerce("extra", { depth: 12.5, tags: ["a", null], deep: { ok: true } }), {
    fields: {
      depth: { numberValue: 12.5 },
      tags: { listValue: { values: [{ stringValue: "a" }, { nullValue: 0 }] } },
      deep: { structValue: { fields: { ok: { boolValue: true } } } },
    },
  });
  t.is(rejection("extra", [1]), "extra must be an object");
});

test("JSON null and empty text for non-string fields mean absent", (t) => {
  t.is(coerce("count", null), undefined);
  t.is(coerce("description", null), undefined);
  t.is(coerce("count", "", "text"), undefined);
  t.is(coerce("recorded_timestamp", "", "text"), undefined);
  t.is(coerce("color", "", "text"), undefined);
  t.is(coerce("main_tag", "", "text"), undefined);
});

test("a message takes snake and camel keys and ignores unknown ones", (t) => {
  const message = coerceMessage(
    sample,
    { totalBytes: 5, main_tag: { key: "k" }, unknown_key: 1 },
    "json",
    "",
  );
  t.deepEqual(message, { total_bytes: 5, main_tag: { key: "k" } });
});

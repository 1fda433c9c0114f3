import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { Instant } from "../../../services/kit/time/instant.js";
import {
  checkUri,
  MAX_PAGE_LIMIT,
  normaliseSha512,
  pageOf,
  requireFields,
  requireUuid,
  videoStartOf,
} from "../../../services/registry/shared/registry-input.rules.js";

const HEX = "ab".repeat(64);

function fieldOf(error: unknown): string | undefined {
  return error instanceof DomainError ? error.metadata.field : undefined;
}

test("sha512 in hex of either case becomes lowercase hex", (t) => {
  t.is(normaliseSha512(HEX.toUpperCase()), HEX);
  t.is(normaliseSha512(` ${HEX} `), HEX);
});

test("sha512 in base64 becomes lowercase hex", (t) => {
  const base64 = Buffer.from(HEX, "hex").toString("base64");
  t.is(normaliseSha512(base64), HEX);
  t.is(normaliseSha512(base64.replace(/=+$/, "")), HEX);
});

test("anything else as sha512 is INVALID_ARGUMENT naming the field", (t) => {
  for (const bad of ["", "abc", `${HEX}00`, Buffer.alloc(32).toString("base64"), "zz".repeat(64)]) {
    const error = t.throws(() => normaliseSha512(bad));
    t.is((error as DomainError).code, "INVALID_ARGUMENT", bad);
    t.is(fieldOf(error), "sha512");
  }
});

test("uuids are lowercased; malformed ones name the field", (t) => {
  t.is(requireUuid("0190B8A4-0000-7000-8000-00000000000A", "uuid"), "0190b8a4-0000-7000-8000-00000000000a");
  const error = t.throws(() => requireUuid("0190b8a4", "video_uuid"));
  t.is(fieldOf(error), "video_uuid");
  t.regex(error?.message ?? "", /video_uuid/);
});

test("missing required fields are listed together", (t) => {
  const error = t.throws(() => requireFields({ name: "x", camera_id: " ", uri: undefined }));
  t.is(error?.message, "Missing one or more required parameters: camera_id, uri");
  t.is(fieldOf(error), "camera_id,uri");
  t.notThrows(() => requireFields({ name: "x" }));
});

test("URIs must be absolute and well formed", (t) => {
  for (const good of [
    "http://example.org/a%20b.mp4",
    "urn:mbari:video:1",
    "file:///data/x.mov",
    "s3://bucket/ключ.mp4",
    "http://example.org/50%.mp4",
  ]) {
    t.is(checkUri(good), good);
  }
  for (const bad of [
    "relative/x.mp4",
    "http://example.org/a b.mp4",
    "http://example.org/tab\there",
    ":x",
    "http://x/{y}",
  ]) {
    const error = t.throws(() => checkUri(bad));
    t.is(error?.message, `Invalid URI: ${bad}`);
  }
});

test("pages default to 100 from 0, cap the limit and refuse negatives", (t) => {
  t.deepEqual(pageOf(undefined, undefined), { limit: 100, offset: 0 });
  t.deepEqual(pageOf(2, 1), { limit: 2, offset: 1 });
  t.deepEqual(pageOf(MAX_PAGE_LIMIT + 1, 0), { limit: MAX_PAGE_LIMIT, offset: 0 });
  t.is(fieldOf(t.throws(() => pageOf(-1, 0))), "limit");
  t.is(fieldOf(t.throws(() => pageOf(1, -1))), "offset");
});

test("a video start given as start wins over start_timestamp", (t) => {
  const start = Instant.ofEpochMillis(1000);
  const startTimestamp = Instant.ofEpochMillis(2000);
  t.is(videoStartOf({ start, startTimestamp }), start);
  t.is(videoStartOf({ startTimestamp }), startTimestamp);
  t.is(videoStartOf({}), undefined);
});

import test from "ava";
import { selectBytes } from "../../../services/capture/video-files/byte-range.js";

test("one byte range is read and its end clipped to the file", (t) => {
  t.deepEqual(selectBytes("bytes=0-99", 1000), { kind: "range", first: 0, last: 99 });
  t.deepEqual(selectBytes("bytes=900-", 1000), { kind: "range", first: 900, last: 999 });
  t.deepEqual(selectBytes("bytes=-100", 1000), { kind: "range", first: 900, last: 999 });
  t.deepEqual(selectBytes("bytes=-5000", 1000), { kind: "range", first: 0, last: 999 });
  t.deepEqual(selectBytes("bytes=990-5000", 1000), { kind: "range", first: 990, last: 999 });
});

test("a range starting past the end, or an empty suffix, is unsatisfiable", (t) => {
  t.deepEqual(selectBytes("bytes=1000-", 1000), { kind: "unsatisfiable" });
  t.deepEqual(selectBytes("bytes=-0", 1000), { kind: "unsatisfiable" });
  t.deepEqual(selectBytes("bytes=0-", 0), { kind: "unsatisfiable" });
});

test("no header, another unit, several ranges or a backwards range send the whole file", (t) => {
  for (const header of ["", "items=0-1", "bytes=0-1,5-6", "bytes=9-3", "bytes=-", "bytes=a-b"]) {
    t.deepEqual(selectBytes(header, 1000), { kind: "whole" }, header);
  }
});

import test from "ava";
import type { ArchiveValue } from "../../../tools/m3/backup/archive-format.js";
import { loadDataLine, loadDataText } from "../../../tools/m3/backup/load-data-text.js";

test("a row becomes tab-separated values, NULL as \\N, JSON escapes kept as LOAD DATA reads them", (t) => {
  const line = JSON.stringify([
    42,
    null,
    'say "hi"\tback\\slash\nnext',
    "",
    -1.5e-7,
    "null",
    "2024-02-29 23:59:59.123456",
  ]);
  t.is(
    loadDataLine(line),
    [
      "42",
      "\\N",
      'say \\"hi\\"\\tback\\\\slash\\nnext',
      "",
      "-1.5e-7",
      "null",
      "2024-02-29 23:59:59.123456",
    ].join("\t"),
  );
});

test("strings JSON writes with \\u or \\f escapes, and lines with spaces, are escaped value by value", (t) => {
  t.is(loadDataLine(JSON.stringify(["\u0001 \f", "\u0000", "a\\u0041"])), "\u0001 \f\t\\0\ta\\\\u0041");
  t.is(loadDataLine('[1, "a,b" , null]'), "1\ta,b\t\\N");
  t.is(loadDataLine('[ 7 ,"x"]'), "7\tx");
});

test("lines end with a newline each and the text is UTF-8", (t) => {
  const rows: ArchiveValue[][] = [
    [1, "ünïcödé 🐙"],
    [2, null],
  ];
  t.is(loadDataText(rows.map((row) => JSON.stringify(row))).toString("utf8"), "1\tünïcödé 🐙\n2\t\\N\n");
});

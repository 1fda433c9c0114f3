import test from "ava";
import { bulkText } from "../../../tools/m3/import/target/bulk-rows.repository.js";

test("new rows as LOAD DATA / COPY text: a line per row in the columns' order, NULL as \\N, booleans as the engine spells them, special characters escaped", (t) => {
  const rows = [
    { uuid: "a", note: "tab\there\nnew line \\ back", done: true, depth: 12.5, gone: null },
    { uuid: "b", note: "\\N", done: false, depth: -3, gone: null },
  ];
  const columns = ["uuid", "done", "depth", "note", "missing"];
  t.is(
    bulkText(rows, columns, "1", "0").toString("utf8"),
    "a\t1\t12.5\ttab\\there\\nnew line \\\\ back\t\\N\nb\t0\t-3\t\\\\N\t\\N\n",
  );
  t.is(bulkText(rows.slice(1), ["done"], "t", "f").toString("utf8"), "f\n");
});

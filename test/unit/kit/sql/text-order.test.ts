import test from "ava";
import Database from "better-sqlite3";
import { byText, compareText } from "../../../../services/kit/sql/text-order.js";

const TEXTS = ["b", "B", "a", "A", "ä", "_", "a b", "ab", "10", "9", ""];

test("compareText sorts text as SQLite's BINARY collation orders it", (t) => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (v TEXT)");
  const insert = db.prepare("INSERT INTO t VALUES (?)");
  for (const text of TEXTS) insert.run(text);
  const ordered = (db.prepare("SELECT v FROM t ORDER BY v").all() as { v: string }[]).map((row) => row.v);
  t.deepEqual([...TEXTS].sort(compareText), ordered);
  db.close();
});

test("byText orders rows by their key, capitals before lower case", (t) => {
  const rows = [{ key: "b" }, { key: "a" }, { key: "B" }];
  t.deepEqual(
    rows.sort(byText((row) => row.key)).map((row) => row.key),
    ["B", "a", "b"],
  );
});

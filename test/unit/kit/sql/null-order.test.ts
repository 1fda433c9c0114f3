import test from "ava";
import Database from "better-sqlite3";
import { nullsSmallest, orderTerm } from "../../../../services/kit/sql/null-order.js";

test("orderTerm leaves MySQL/MariaDB's ORDER BY as it is (NULL is already smallest there)", (t) => {
  t.is(orderTerm("mysql", "im.recorded_timestamp"), "im.recorded_timestamp ASC");
  t.is(orderTerm("mysql", "h.processed_time", "DESC"), "h.processed_time DESC");
  t.is(nullsSmallest("mysql", "DESC"), undefined);
});

test("orderTerm sorts NULL as the smallest value on SQLite, ascending and descending", (t) => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (2), (NULL), (1)");
  const values = (direction: "ASC" | "DESC") =>
    (
      db.prepare(`SELECT v FROM t ORDER BY ${orderTerm("sqlite", "v", direction)}`).all() as {
        v: number | null;
      }[]
    ).map((row) => row.v);
  t.deepEqual(values("ASC"), [null, 1, 2]);
  t.deepEqual(values("DESC"), [2, 1, null]);
  db.close();
});

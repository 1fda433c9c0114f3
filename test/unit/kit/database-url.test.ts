import test from "ava";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";

test("postgres:// and postgresql:// URLs name a PostgreSQL database, port 5432 by default", (t) => {
  t.deepEqual(parseDatabaseUrl("postgres://m3:p%40ss@db.example:6543/m3"), {
    kind: "postgres",
    host: "db.example",
    port: 6543,
    user: "m3",
    password: "p@ss",
    database: "m3",
  });
  t.like(parseDatabaseUrl("postgresql://m3@db.example/vars"), {
    kind: "postgres",
    port: 5432,
    database: "vars",
  });
});

test("mysql:// and mariadb:// URLs still name a MySQL database, port 3306 by default", (t) => {
  t.like(parseDatabaseUrl("mariadb://root@127.0.0.1/m3"), { kind: "mysql", port: 3306, database: "m3" });
});

test("a PostgreSQL URL without one database is refused, its password hidden", (t) => {
  const error = t.throws(() => parseDatabaseUrl("postgres://m3:secret@db.example:5432"));
  t.regex(error.message, /the PostgreSQL URL postgres:\/\/m3:\*\*\*@db\.example:5432 must name one database/);
  t.notRegex(error.message, /secret/);
});

test("an unknown scheme is refused, naming every scheme m3 reads", (t) => {
  t.throws(() => parseDatabaseUrl("oracle://x@y/z"), {
    message: /use mysql:\/\/, mariadb:\/\/, postgres:\/\/, postgresql:\/\/ or a SQLite file/,
  });
});

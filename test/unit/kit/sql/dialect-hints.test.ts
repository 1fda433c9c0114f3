import test from "ava";
import { DataSource } from "typeorm";
import {
  dialectOf,
  forceIndex,
  indexedBy,
  isMysql,
  leftFirstJoin,
} from "../../../../services/kit/sql/dialect-hints.js";

/** Unconnected managers: the hints read only the connection's type. */
const MYSQL_MANAGER = new DataSource({ type: "mysql" }).manager;
const SQLITE_MANAGER = new DataSource({ type: "better-sqlite3", database: ":memory:" }).manager;

test("isMysql tells MySQL/MariaDB from SQLite, by dialect or by manager", (t) => {
  t.true(isMysql("mysql"));
  t.false(isMysql("sqlite"));
  t.true(isMysql(MYSQL_MANAGER));
  t.false(isMysql(SQLITE_MANAGER));
});

test("forceIndex forces the index on MySQL/MariaDB and adds nothing on SQLite", (t) => {
  t.is(forceIndex("mysql", "idx_a"), " FORCE INDEX (idx_a)");
  t.is(forceIndex(MYSQL_MANAGER, "idx_a"), " FORCE INDEX (idx_a)");
  t.is(forceIndex("sqlite", "idx_a"), "");
  t.is(forceIndex(SQLITE_MANAGER, "idx_a"), "");
});

test("indexedBy names the index on SQLite and adds nothing on MySQL/MariaDB", (t) => {
  t.is(indexedBy("sqlite", "idx_a"), " INDEXED BY idx_a");
  t.is(indexedBy(SQLITE_MANAGER, "idx_a"), " INDEXED BY idx_a");
  t.is(indexedBy("mysql", "idx_a"), "");
  t.is(indexedBy(MYSQL_MANAGER, "idx_a"), "");
});

test("leftFirstJoin is STRAIGHT_JOIN on MySQL/MariaDB and CROSS JOIN on SQLite", (t) => {
  t.is(leftFirstJoin("mysql"), "STRAIGHT_JOIN");
  t.is(leftFirstJoin(MYSQL_MANAGER), "STRAIGHT_JOIN");
  t.is(leftFirstJoin("sqlite"), "CROSS JOIN");
  t.is(leftFirstJoin(SQLITE_MANAGER), "CROSS JOIN");
});

const POSTGRES_MANAGER = new DataSource({ type: "postgres" }).manager;

test("dialectOf names the dialect of a manager's connection: mysql, postgres or sqlite", (t) => {
  t.is(dialectOf(MYSQL_MANAGER), "mysql");
  t.is(dialectOf(POSTGRES_MANAGER), "postgres");
  t.is(dialectOf(SQLITE_MANAGER), "sqlite");
  t.is(dialectOf("postgres"), "postgres");
});

test("on PostgreSQL no index hint is written and a left-first join is a plain INNER JOIN", (t) => {
  t.false(isMysql(POSTGRES_MANAGER));
  t.is(forceIndex(POSTGRES_MANAGER, "idx_a"), "");
  t.is(indexedBy(POSTGRES_MANAGER, "idx_a"), "");
  t.is(indexedBy("postgres", "idx_a"), "");
  t.is(leftFirstJoin("postgres"), "INNER JOIN");
});

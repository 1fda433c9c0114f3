/**
 * The restore's MySQL loads against a real MariaDB: rows made from archive lines arrive exactly
 * (strings that JSON and SQL escape differently included), the swapped-in tables keep their
 * indexes and foreign keys, a transaction's batches go in one LOAD DATA statement, and a rollback,
 * a broken unique key or a load abandoned midway changes nothing.
 */
import test from "ava";
import mysql from "mysql2/promise";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import type { ArchiveValue } from "../../../tools/m3/backup/archive-format.js";
import {
  MysqlTableWriter,
  ROWS_PER_TRANSACTION,
} from "../../../tools/m3/backup/mysql-table-writer.repository.js";
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";
import { countStatements } from "../../support/statement-counter.js";

const PREFERENCE_COLUMNS = ["id", "node_name", "pref_key", "pref_value"];
const AWKWARD_VALUES = [
  `it's "quoted"`,
  "back\\slash \\n not a newline",
  "tab\tnew\nline\rreturn",
  "\b backspace \f form feed",
  "\u0001 control \u001f",
  "ünïcödé 🐙 深海",
  "%_ wildcards \\% \\_",
  "null",
  "",
  "a \\u0041 that is text",
];

test.after.always(async () => {
  await stopPrivateMariaDb();
});

async function kbDatabase(): Promise<{ url: string; query: (sql: string) => Promise<unknown[]> }> {
  const url = await createTestDatabase("m3_table_writer");
  await migrateDomainAt("kb", parseDatabaseUrl(url));
  return {
    url,
    query: async (sql) => {
      const connection = await mysql.createConnection(url);
      try {
        return (await connection.query(sql))[0] as unknown[];
      } finally {
        await connection.end();
      }
    },
  };
}

function batch(rows: ArchiveValue[][]) {
  return { lines: rows.map((row) => JSON.stringify(row)) };
}

/**
 * Loads the rows into preferences, `batchRows` at a time, and commits, or rolls back after the
 * table's end, or abandons the load midway (as a restore does when the archive breaks mid-table).
 */
async function load(
  url: string,
  rows: ArchiveValue[][],
  finish: "commit" | "rollback" | "abandon",
  batchRows = rows.length,
): Promise<void> {
  const writer = await MysqlTableWriter.open(
    parseDatabaseUrl(url) as Parameters<typeof MysqlTableWriter.open>[0],
  );
  try {
    await writer.begin();
    await writer.prepareTables(["preferences"]);
    for (let start = 0; start < rows.length; start += batchRows)
      await writer.insert("preferences", PREFERENCE_COLUMNS, batch(rows.slice(start, start + batchRows)));
    if (finish === "abandon") {
      await writer.rollback();
      return;
    }
    await writer.endTable("preferences");
    if (finish === "rollback") {
      await writer.rollback();
      return;
    }
    await writer.finishLoading();
    await writer.commit();
  } catch (error) {
    // As a restore does: a failure at any step rolls back.
    await writer.rollback();
    throw error;
  } finally {
    await writer.close();
  }
}

const preferences = (rows: number) =>
  Array.from({ length: rows }, (_, index): ArchiveValue[] => [
    index + 1,
    `/node/${index % 3}`,
    `key-${index}`,
    AWKWARD_VALUES[index % AWKWARD_VALUES.length] as string,
  ]);

test("rows made from archive lines arrive exactly, awkward strings included, into a table with its indexes", async (t) => {
  const { url, query } = await kbDatabase();
  const before = (await query("SHOW CREATE TABLE preferences")) as { "Create Table": string }[];
  const rows = preferences(AWKWARD_VALUES.length * 2);
  await load(url, rows, "commit");
  const stored = (await query(
    "SELECT id, node_name, pref_key, pref_value FROM preferences ORDER BY id",
  )) as Record<string, unknown>[];
  t.deepEqual(
    stored.map((row) => [Number(row.id), row.node_name, row.pref_key, row.pref_value]),
    rows,
  );
  const after = (await query("SHOW CREATE TABLE preferences")) as { "Create Table": string }[];
  const withoutCounter = (text = "") => text.replace(/ AUTO_INCREMENT=\d+/, "");
  t.is(withoutCounter(after[0]?.["Create Table"]), withoutCounter(before[0]?.["Create Table"]));
  t.deepEqual(await query("SHOW TABLES LIKE '%\\_\\_m3\\_%'"), []);
});

test("a load rolled back, or one breaking a unique key, leaves the table as it was and no staging table", async (t) => {
  const { url, query } = await kbDatabase();
  await load(url, preferences(3), "commit");
  const before = await query("SELECT * FROM preferences ORDER BY id");

  await load(url, preferences(20), "rollback");
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);

  const duplicate: ArchiveValue[][] = [
    [1, "/node", "same-key", "a"],
    [2, "/node", "same-key", "b"],
  ];
  await t.throwsAsync(load(url, duplicate, "commit"), { message: /Duplicate entry/ });
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);
  t.deepEqual(await query("SHOW TABLES LIKE '%\\_\\_m3\\_%'"), []);
});

test("a batch repeating a primary key, or holding a value its column cannot store, fails the load and changes nothing", async (t) => {
  const { url, query } = await kbDatabase();
  await load(url, preferences(3), "commit");
  const before = await query("SELECT * FROM preferences ORDER BY id");

  const repeated: ArchiveValue[][] = [
    [7, "/node", "a", "a"],
    [7, "/node", "b", "b"],
  ];
  await t.throwsAsync(load(url, repeated, "commit"), { message: /Duplicate entry '7' for key 'PRIMARY'/ });
  const tooLong: ArchiveValue[][] = [[8, "/node", "k".repeat(300), "a"]];
  await t.throwsAsync(load(url, tooLong, "commit"), { message: /pref_key/ });
  const notANumber: ArchiveValue[][] = [["eight", "/node", "c", "c"]];
  await t.throwsAsync(load(url, notANumber, "commit"), { message: /Incorrect integer value: 'eight'/ });
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);
  t.deepEqual(await query("SHOW TABLES LIKE '%\\_\\_m3\\_%'"), []);
});

test.serial(
  "a transaction's batches go into one LOAD DATA statement, one statement per transaction, every row arriving",
  async (t) => {
    const { url, query } = await kbDatabase();
    const rows = preferences(ROWS_PER_TRANSACTION + 10_000);
    const counter = countStatements();
    try {
      const statements = await counter.during(() => load(url, rows, "commit", 2_000));
      const loads = statements.filter((sql) => sql.startsWith("LOAD DATA"));
      t.is(loads.length, Math.ceil(rows.length / ROWS_PER_TRANSACTION));
    } finally {
      counter.stop();
    }
    const [counted] = (await query("SELECT COUNT(*) AS count, MAX(id) AS last FROM preferences")) as {
      count: number;
      last: number;
    }[];
    t.deepEqual([Number(counted?.count), Number(counted?.last)], [rows.length, rows.length]);
    const sample = (await query(
      "SELECT id, node_name, pref_key, pref_value FROM preferences WHERE id IN (1, 50000, 50001, 60000) ORDER BY id",
    )) as Record<string, unknown>[];
    t.deepEqual(
      sample.map((row) => [Number(row.id), row.node_name, row.pref_key, row.pref_value]),
      [0, 49_999, 50_000, 59_999].map((index) => rows[index]),
    );
  },
);

test("a later batch of one statement repeating a key of an earlier batch fails the load, naming the table, and changes nothing", async (t) => {
  const { url, query } = await kbDatabase();
  await load(url, preferences(3), "commit");
  const before = await query("SELECT * FROM preferences ORDER BY id");

  const rows = preferences(5_000);
  rows.push([17, "/node", "again", "a"]);
  await t.throwsAsync(load(url, rows, "commit", 1_000), {
    message: /^preferences: 5000 of 5001 rows stored: Duplicate entry '17' for key 'PRIMARY'/,
  });
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);
  t.deepEqual(await query("SHOW TABLES LIKE '%\\_\\_m3\\_%'"), []);
});

test("a load abandoned midway, its statement still open, rolls back and changes nothing", async (t) => {
  const { url, query } = await kbDatabase();
  await load(url, preferences(3), "commit");
  const before = await query("SELECT * FROM preferences ORDER BY id");

  await load(url, preferences(6_000), "abandon", 2_000);
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);
  t.deepEqual(await query("SHOW TABLES LIKE '%\\_\\_m3\\_%'"), []);
});

test("a statement cut off midway (its connection killed) fails the load instead of waiting, and changes nothing", async (t) => {
  const { url, query } = await kbDatabase();
  await load(url, preferences(3), "commit");
  const before = await query("SELECT * FROM preferences ORDER BY id");

  const writer = await MysqlTableWriter.open(
    parseDatabaseUrl(url) as Parameters<typeof MysqlTableWriter.open>[0],
  );
  try {
    await writer.begin();
    await writer.prepareTables(["preferences"]);
    const rows = preferences(4_000);
    await writer.insert("preferences", PREFERENCE_COLUMNS, batch(rows.slice(0, 2_000)));
    const [loading] = (await query(
      "SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND INFO LIKE 'LOAD DATA%'",
    )) as { id: number }[];
    await query(`KILL CONNECTION ${Number(loading?.id)}`);
    await t.throwsAsync(async () => {
      await writer.insert("preferences", PREFERENCE_COLUMNS, batch(rows.slice(2_000)));
      await writer.endTable("preferences");
      await writer.finishLoading();
      await writer.commit();
    });
  } finally {
    await writer.rollback().catch(() => undefined);
    await writer.close();
  }
  t.deepEqual(await query("SELECT * FROM preferences ORDER BY id"), before);
});

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import Database from "better-sqlite3";
import mysql from "mysql2/promise";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import { parseArchiveLocation, readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { ARCHIVED_DOMAINS } from "../../../tools/m3/backup/backup-tables.js";
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";

/**
 * Tables the archive leaves out on purpose: migration bookkeeping, the kb's cache counter and its
 * failed-login counts (they expire within minutes), derived tables.
 */
const DERIVED = new Set(ARCHIVED_DOMAINS.flatMap((domain) => domain.derived?.names ?? []));
const NOT_ARCHIVED = {
  test: (table: string) =>
    /^(kb|registry|annotation)_migrations$|^(kb_tree_version|login_failures|box_review_actions)$|^sqlite_/.test(
      table,
    ) || DERIVED.has(table),
};

interface Shape {
  columns: string[];
  key: string[];
}

const folders: string[] = [];
test.after.always(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await stopPrivateMariaDb();
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), "m3-backup-it-"));
  folders.push(path);
  return path;
}

function catalogue(): Record<string, Shape> {
  return Object.fromEntries(
    ARCHIVED_DOMAINS.flatMap((domain) =>
      domain.tables.map((table) => [table.name, { columns: [...table.columns].sort(), key: [...table.key] }]),
    ),
  );
}

test("the archive carries every table and stored column the SQLite migrations create", async (t) => {
  const dir = folder();
  const shapes: Record<string, Shape> = {};
  for (const domain of ARCHIVED_DOMAINS) {
    const file = join(dir, `${domain.name}.sqlite`);
    await migrateDomainAt(domain.name, { kind: "sqlite", file });
    const database = new Database(file, { readonly: true });
    const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables.filter((table) => !NOT_ARCHIVED.test(table.name))) {
      const columns = database.prepare(`PRAGMA table_xinfo("${name}")`).all() as {
        name: string;
        pk: number;
        hidden: number;
      }[];
      const stored = columns.filter((column) => column.hidden === 0);
      shapes[name] = {
        columns: stored.map((column) => column.name).sort(),
        key: stored
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
      };
    }
    database.close();
  }
  t.deepEqual(shapes, catalogue());
});

test("the archive carries every table and stored column the MariaDB migrations create, none of the generated ones", async (t) => {
  const url = await createTestDatabase("m3_backup_tables");
  const target = parseDatabaseUrl(url);
  for (const domain of ARCHIVED_DOMAINS) await migrateDomainAt(domain.name, target);
  const connection = await mysql.createConnection(url);
  try {
    const [rows] = await connection.query(
      `SELECT c.TABLE_NAME AS tableName, c.COLUMN_NAME AS columnName, c.EXTRA AS extra, c.COLUMN_KEY AS columnKey
         FROM information_schema.COLUMNS c JOIN information_schema.TABLES t
           ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
    );
    const [keys] = await connection.query(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    );
    const shapes: Record<string, Shape> = {};
    for (const row of rows as { tableName: string; columnName: string; extra: string }[]) {
      if (NOT_ARCHIVED.test(row.tableName) || /GENERATED/i.test(row.extra)) continue;
      shapes[row.tableName] ??= { columns: [], key: [] };
      shapes[row.tableName]?.columns.push(row.columnName);
    }
    for (const row of keys as { tableName: string; columnName: string }[]) {
      shapes[row.tableName]?.key.push(row.columnName);
    }
    for (const shape of Object.values(shapes)) shape.columns.sort();
    t.deepEqual(shapes, catalogue());
  } finally {
    await connection.end();
  }
});

test("backups to a folder are named by their time and --retain keeps the newest", async (t) => {
  const dataDir = folder();
  for (const domain of ARCHIVED_DOMAINS) {
    await migrateDomainAt(domain.name, { kind: "sqlite", file: join(dataDir, `${domain.name}.sqlite`) });
  }
  const archives = folder();
  const settings = readPlatformSettings({ M3_DATA_DIR: dataDir });
  const { location, folder: isFolder } = parseArchiveLocation(`${archives}/`);
  t.true(isFolder);
  const deleted: string[][] = [];
  for (const at of ["2025-01-01T02:00:00.000Z", "2025-01-02T02:00:00.000Z", "2025-01-03T02:00:00.123Z"]) {
    const result = await backupPlatform({
      settings,
      output: location,
      folder: true,
      retain: 2,
      now: () => new Date(at),
    });
    deleted.push(result.deleted);
  }
  t.deepEqual(deleted, [[], [], ["m3-backup-20250101T020000000Z.jsonl.gz"]]);
  t.deepEqual(readdirSync(archives).sort(), [
    "m3-backup-20250102T020000000Z.jsonl.gz",
    "m3-backup-20250103T020000123Z.jsonl.gz",
  ]);
});

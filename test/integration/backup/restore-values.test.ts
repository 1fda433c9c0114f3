/**
 * Awkward values through a backup of MariaDB and a restore into MariaDB, compared exactly: by
 * LOAD DATA LOCAL INFILE, and by the INSERTs a restore falls back to on a server that refuses it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import mysql from "mysql2/promise";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { type MariaDbServer, startMariaDbServer } from "../../../tools/dev/fixtures/mariadb-server.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import { type PlatformSettings, readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { ARCHIVED_DOMAINS } from "../../../tools/m3/backup/backup-tables.js";
import { restorePlatform } from "../../../tools/m3/backup/restore.js";
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";

const AWKWARD_STRINGS = [
  `it's "quoted"`,
  "back\\slash \\n not a newline",
  "tab\tnew\nline\rreturn\r\n",
  "\b backspace \f form feed",
  "\u0000 nul \u001a ctrl-z \u0001 \u001f",
  "ünïcödé 🐙 深海 ٱلْعَرَبِيَّة \u2028",
  "\\N",
  "\\0 \\Z \\t \\b as text",
  "N",
  "NULL",
  "null",
  "",
  " spaces around ",
  "ends with a backslash \\",
  "a \\u0041 that is text",
  "comma, [brackets], {braces}",
];

const folders: string[] = [];
let refusingServer: MariaDbServer | undefined;

test.after.always(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await refusingServer?.stop();
  await stopPrivateMariaDb();
});

function settingsFor(databaseUrl: string): PlatformSettings {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-restore-values-"));
  folders.push(dataDir);
  return readPlatformSettings({ M3_DATABASE_URL: databaseUrl, M3_DATA_DIR: dataDir });
}

async function withConnection<T>(url: string, use: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    uri: url,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: "utf8mb4_bin",
  });
  try {
    return await use(connection);
  } finally {
    await connection.end();
  }
}

/** A MariaDB database with every domain's tables, holding the awkward values in strings, numbers, timestamps, booleans and nulls. */
async function sourceDatabase(): Promise<string> {
  const url = await createTestDatabase("m3_restore_values");
  const settings = settingsFor(url);
  for (const domain of ARCHIVED_DOMAINS) await migrateDomainAt(domain.name, settings.databases[domain.name]);
  await withConnection(url, async (connection) => {
    const insert = (sql: string, rows: unknown[][]) => connection.query(sql, [rows]);
    await insert(
      "INSERT INTO concepts (id, parent_id, rank_level, rank_name, aphia_id, last_updated_time) VALUES ?",
      [
        [1, null, "", null, "9007199254740993", "1970-01-01 00:00:00.000001"],
        [2, 1, "tab\there", "\\N", -1, "2024-02-29 23:59:59.999999"],
      ],
    );
    await insert(
      "INSERT INTO concept_media (id, concept_id, url, media_type, is_primary, caption, credit, last_updated_time) VALUES ?",
      AWKWARD_STRINGS.map((caption, index) => [
        index + 1,
        1 + (index % 2),
        `https://example.org/${index}?q="${caption}"`,
        index % 3 === 0 ? null : "image",
        index % 2,
        caption,
        index % 4 === 0 ? null : caption,
        `2025-0${1 + (index % 9)}-1${index % 10} 0${index % 10}:30:00.${String(index).padStart(6, "0")}`,
      ]),
    );
    await insert(
      "INSERT INTO preferences (id, node_name, pref_key, pref_value) VALUES ?",
      AWKWARD_STRINGS.map((value, index) => [index + 1, `/${value}`, `key ${index}`, value]),
    );
    const moments = [
      ["00000000-0000-0000-0000-000000000001", "9007199254740993", "2001-02-03 04:05:06.000007", "\\N"],
      ["00000000-0000-0000-0000-000000000002", -5, null, null],
      ["00000000-0000-0000-0000-000000000003", null, "1999-12-31 23:59:59.999999", "12:00:00:01"],
    ];
    await insert(
      "INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, timecode, last_updated_timestamp) VALUES ?",
      moments.map(([uuid, elapsed, recorded, timecode]) => [
        uuid,
        "10000000-0000-0000-0000-000000000000",
        elapsed,
        recorded,
        timecode,
        "2025-06-07 08:09:10.111213",
      ]),
    );
    await insert(
      "INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, latitude, longitude, temperature_celsius, xyz_position_units, last_updated_timestamp) VALUES ?",
      [
        [moments[0]?.[0], moments[0]?.[0], 0.1, -89.999999, 1.7976931348623157e308, 5e-324, "", "2025-01-01"],
        [moments[1]?.[0], moments[1]?.[0], null, 36.80221, -121.7816, -1.5e-7, "m\tm", "2025-01-02"],
      ],
    );
  });
  return url;
}

/** Every archived table's rows, in key order, as the server gives them (numbers, timestamps and big integers as text). */
async function rowsOf(url: string): Promise<Record<string, unknown[]>> {
  return withConnection(url, async (connection) => {
    const rows: Record<string, unknown[]> = {};
    for (const domain of ARCHIVED_DOMAINS) {
      for (const table of domain.tables) {
        const [found] = await connection.query(
          `SELECT ${table.columns.map((column) => `\`${column}\``).join(", ")} FROM \`${table.name}\`
            ORDER BY ${table.key.map((column) => `\`${column}\``).join(", ")}`,
        );
        rows[`${domain.name}.${table.name}`] = found as unknown[];
      }
    }
    return rows;
  });
}

const loadsRun = (url: string) =>
  withConnection(url, async (connection) => {
    const [status] = await connection.query("SHOW GLOBAL STATUS LIKE 'Com_load'");
    return Number((status as { Value: string }[])[0]?.Value);
  });

const localInfile = (url: string) =>
  withConnection(url, async (connection) => {
    const [variables] = await connection.query("SELECT @@local_infile AS enabled");
    return Number((variables as { enabled: number }[])[0]?.enabled);
  });

async function archiveOfSource(): Promise<{ archive: string; rows: Record<string, unknown[]> }> {
  const source = await sourceDatabase();
  const folder = mkdtempSync(join(tmpdir(), "m3-restore-values-archive-"));
  folders.push(folder);
  const archive = join(folder, "values.jsonl.gz");
  await backupPlatform({ settings: settingsFor(source), output: { kind: "file", path: archive } });
  return { archive, rows: await rowsOf(source) };
}

test("awkward values restored into MariaDB by LOAD DATA LOCAL INFILE arrive exactly as they were", async (t) => {
  const { archive, rows } = await archiveOfSource();
  t.is((rows["kb.preferences"] ?? []).length, AWKWARD_STRINGS.length);
  const target = await createTestDatabase("m3_restore_values");
  t.is(await localInfile(target), 1);
  const loadsBefore = await loadsRun(target);

  await restorePlatform({ settings: settingsFor(target), input: { kind: "file", path: archive } });

  t.true((await loadsRun(target)) > loadsBefore, "the rows went in by LOAD DATA");
  t.deepEqual(await rowsOf(target), rows);
});

test("a server refusing LOAD DATA LOCAL gets the rows by INSERT, as exactly", async (t) => {
  const { archive, rows } = await archiveOfSource();
  refusingServer = await startMariaDbServer("256M", ["--local-infile=0"]);
  const target = `${refusingServer.rootUrl}/m3_refusing`;
  await withConnection(`${refusingServer.rootUrl}/`, (connection) =>
    connection.query("CREATE DATABASE m3_refusing CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"),
  );
  t.is(await localInfile(target), 0);

  const restored = await restorePlatform({
    settings: settingsFor(target),
    input: { kind: "file", path: archive },
  });

  t.is(restored.tables["kb.preferences"], AWKWARD_STRINGS.length);
  t.deepEqual(await rowsOf(target), rows);
});

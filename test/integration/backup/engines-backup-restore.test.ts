/**
 * The archive is engine-neutral: awkward rows of every domain backed up from each engine and
 * restored into each (3×3), then backed up again, give the same bytes (each section's row count
 * and SHA-256) as the source's archive.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import Database from "better-sqlite3";
import pg from "pg";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { OBJECTS_SECTION } from "../../../tools/m3/backup/archive-format.js";
import type { WrittenSection } from "../../../tools/m3/backup/archive-writer.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import { type PlatformSettings, readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { RestoreRefusedError, restorePlatform } from "../../../tools/m3/backup/restore.js";
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";

type Engine = "mariadb" | "postgres" | "sqlite";
const ENGINES: readonly Engine[] = ["mariadb", "postgres", "sqlite"];

const TEXTS = [
  `it's "quoted"`,
  "back\\slash \\n not a newline",
  "tab\tnew\nline\rreturn\r\n",
  "\b backspace \f form feed \u0001 \u001f",
  "ünïcödé 🐙 深海 ٱلْعَرَبِيَّة \u2028",
  "\\N",
  "\\0 \\Z \\t \\b \\. \\x41 \\101 as text",
  "\\.",
  "ends with a backslash \\",
  "NULL",
  "",
  "a \\u0041 that is text",
  "Zebra before apple, by code point",
];
/** Fractions the servers print trimmed of trailing zeros, or not at all. */
const INSTANTS = [
  "1970-01-01 00:00:00.000001",
  "2024-02-29 23:59:59.999999",
  "2025-06-07 08:09:10.100000",
  "2025-06-07 08:09:10.000000",
];
const DOUBLES = [29.97, 5e-324, 1.7976931348623157e308, -1.5e-7, 0.1, null];
const BIG_INTEGERS = ["9007199254740993", "-9223372036854775808", "0", null];

const folders: string[] = [];
test.after.always(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

/** Settings with every domain on the engine (a new, empty database there, or new SQLite files). */
async function settingsOn(engine: Engine): Promise<PlatformSettings> {
  const env: Record<string, string> = { M3_DATA_DIR: folder("m3-engines-data-") };
  if (engine === "mariadb") env.M3_DATABASE_URL = await createTestDatabase("m3_engines");
  if (engine === "postgres") env.M3_DATABASE_URL = await createPostgresTestDatabase("m3_engines");
  return readPlatformSettings(env);
}

const uuid = (n: number, group = 0) =>
  `${String(group).padStart(8, "0")}-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A domain's SQLite file, open. */
function sqliteOf(settings: PlatformSettings, domain: "kb" | "registry" | "annotation"): Database.Database {
  const target = settings.databases[domain];
  if (target.kind !== "sqlite") throw new Error(`the source's ${domain} is on SQLite`);
  const database = new Database(target.file);
  database.defaultSafeIntegers(true);
  return database;
}

const at = (index: number) => INSTANTS[index % INSTANTS.length] as string;
const big = (index: number) => {
  const value = BIG_INTEGERS[index % BIG_INTEGERS.length];
  return value === null || value === undefined ? null : BigInt(value);
};

/** A SQLite platform whose domains hold the awkward rows (ids and uuids given out of key order). */
async function sourceSettings(texts: readonly string[] = TEXTS): Promise<PlatformSettings> {
  const settings = await settingsOn("sqlite");
  for (const domain of ["kb", "registry", "annotation"] as const)
    await migrateDomainAt(domain, settings.databases[domain]);
  fillKb(sqliteOf(settings, "kb"), texts);
  fillAnnotation(sqliteOf(settings, "annotation"), texts);
  const database = sqliteOf(settings, "registry");
  try {
    const sequence = database.prepare(
      "INSERT INTO video_sequences (uuid, name, camera_id, description, last_updated_time) VALUES (?, ?, ?, ?, ?)",
    );
    const video = database.prepare(
      `INSERT INTO videos (uuid, video_sequence_uuid, name, start_time, duration_millis, description, last_updated_time)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const reference = database.prepare(
      `INSERT INTO video_references (uuid, video_uuid, uri, container, video_codec, audio_codec, width, height,
         frame_rate, size_bytes, sha512, description, last_updated_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    texts.forEach((text, index) => {
      const n = texts.length - index;
      sequence.run(uuid(n, 1), `dive ${text} ${n}`, text, index % 3 === 0 ? null : text, at(index));
      video.run(uuid(n, 2), uuid(n, 1), `video ${text} ${n}`, at(index + 1), big(index), text, at(index + 2));
      reference.run(
        uuid(n, 3),
        uuid(n, 2),
        `https://example.org/${encodeURIComponent(text)}/${n}.mp4`,
        text,
        index % 2 === 0 ? null : "h264",
        null,
        index % 2 === 0 ? null : BigInt(1920),
        BigInt(1080),
        DOUBLES[index % DOUBLES.length],
        big(index + 1),
        null,
        text,
        at(index + 3),
      );
    });
  } finally {
    database.close();
  }
  return settings;
}

/** Concepts (ids out of order, AphiaIds beyond 2^53), their media (a boolean) and preferences. */
function fillKb(database: Database.Database, texts: readonly string[]): void {
  try {
    const concept = database.prepare(
      "INSERT INTO concepts (id, parent_id, rank_level, rank_name, aphia_id, last_updated_time) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const media = database.prepare(
      `INSERT INTO concept_media (id, concept_id, url, media_type, is_primary, caption, credit, last_updated_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const preference = database.prepare(
      "INSERT INTO preferences (id, node_name, pref_key, pref_value) VALUES (?, ?, ?, ?)",
    );
    concept.run(BigInt(1000), null, "", null, BigInt("9007199254740993"), at(0));
    texts.forEach((text, index) => {
      const id = BigInt(1000 - texts.length + index);
      const aphiaId = index % 3 === 0 ? null : BigInt(index * 7 - 20);
      // Ranks hold 20 characters.
      const rank = [...text].slice(0, 20).join("");
      concept.run(id, BigInt(1000), rank, index % 2 ? null : rank, aphiaId, at(index));
      media.run(
        BigInt(500 - index),
        id,
        `https://example.org/${index}?q=${encodeURIComponent(text)}`,
        null,
        BigInt(index % 2),
        text,
        text,
        at(index + 1),
      );
      preference.run(BigInt(100 + index * 7), `/${text}`, `key ${index}`, text);
    });
  } finally {
    database.close();
  }
}

/**
 * Moments (some without an elapsed time or recorded time), their ancillary data (extreme doubles)
 * and the history of those data (awkward text in the JSON, the service's null name).
 */
function fillAnnotation(database: Database.Database, texts: readonly string[]): void {
  try {
    const moment = database.prepare(
      `INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, timecode, last_updated_timestamp)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const datum = database.prepare(
      `INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, latitude, longitude, temperature_celsius, xyz_position_units, last_updated_timestamp)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const change = database.prepare(
      `INSERT INTO annotation_history (uuid, changed_at, changed_by, action, data_type, record_uuid, observation_uuid, imaged_moment_uuid, before_json, after_json)
       VALUES (?, ?, ?, ?, 'ANCILLARY_DATUM', ?, NULL, ?, ?, ?)`,
    );
    texts.forEach((text, index) => {
      const n = texts.length - index;
      change.run(
        uuid(n, 6),
        at(index),
        index % 2 === 0 ? null : text,
        index % 3 === 0 ? "CREATED" : "UPDATED",
        uuid(n, 5),
        uuid(n, 4),
        index % 3 === 0 ? null : JSON.stringify({ xyz_position_units: text }),
        JSON.stringify({ xyz_position_units: text, depth_meters: DOUBLES[index % DOUBLES.length] ?? null }),
      );
      const elapsed =
        index === 0 ? BigInt("9007199254740993") : index % 4 === 1 ? null : BigInt(index * 1000 - 5000);
      moment.run(uuid(n, 4), uuid(1, 3), elapsed, index % 3 === 0 ? null : at(index), text, at(index + 2));
      const double = (offset: number) => DOUBLES[(index + offset) % DOUBLES.length] ?? null;
      datum.run(uuid(n, 5), uuid(n, 4), double(0), double(1), double(2), double(3), text, at(index));
    });
  } finally {
    database.close();
  }
}

async function backup(settings: PlatformSettings): Promise<{ archive: string; sections: WrittenSection[] }> {
  const archive = join(folder("m3-engines-archive-"), "archive.jsonl.gz");
  const { sections } = await backupPlatform({ settings, output: { kind: "file", path: archive } });
  return { archive, sections: sections.filter((section) => section.end !== OBJECTS_SECTION) };
}

const restore = (settings: PlatformSettings, archive: string, force = false) =>
  restorePlatform({ settings, input: { kind: "file", path: archive }, force });

let sourceArchive: Promise<{ archive: string; sections: WrittenSection[] }> | undefined;
const source = () => {
  sourceArchive ??= sourceSettings().then(backup);
  return sourceArchive;
};

/** The source's archive restored into the engine, and that engine's own backup of it. */
const backups = new Map<Engine, Promise<{ settings: PlatformSettings; archive: string }>>();
function backupOn(engine: Engine) {
  let found = backups.get(engine);
  if (!found) {
    found = (async () => {
      const settings = await settingsOn(engine);
      await restore(settings, (await source()).archive);
      return { settings, archive: (await backup(settings)).archive };
    })();
    backups.set(engine, found);
  }
  return found;
}

for (const from of ENGINES) {
  for (const to of ENGINES) {
    test(`a backup of ${from} restored into ${to} holds the same rows, to the byte`, async (t) => {
      const { sections } = await source();
      const rows = (table: string) => sections.find((section) => section.end === table)?.rows;
      t.is(rows("registry.video_references"), TEXTS.length);
      t.is(rows("kb.concepts"), TEXTS.length + 1);
      t.is(rows("annotation.ancillary_data"), TEXTS.length);
      t.is(rows("annotation.annotation_history"), TEXTS.length);
      const { archive } = await backupOn(from);
      const target = await settingsOn(to);
      const restored = await restore(target, archive);
      for (const domain of ["kb", "registry", "annotation"])
        t.is(restored.header.sources[domain], from === "mariadb" ? "mysql" : from);
      t.deepEqual((await backup(target)).sections, sections);
    });
  }
}

test("postgres: a platform holding rows is refused without force, and replaced with it", async (t) => {
  const { sections } = await source();
  const { settings, archive } = await backupOn("postgres");
  await t.throwsAsync(restore(settings, archive), {
    instanceOf: RestoreRefusedError,
    message: /the kb domain is not empty \(concepts, concept_media, preferences\)/,
  });
  await restore(settings, archive, true);
  t.deepEqual((await backup(settings)).sections, sections);
});

test("postgres: new rows after a restore are numbered past the restored ids", async (t) => {
  const { settings } = await backupOn("postgres");
  await withPostgres(settings, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO preferences (node_name, pref_key, pref_value) VALUES ('/new', 'k', 'v') RETURNING id",
    );
    const { rows: highest } = await client.query<{ id: string }>(
      "SELECT max(id) AS id FROM preferences WHERE node_name <> '/new'",
    );
    t.is(Number(rows[0]?.id), Number(highest[0]?.id) + 1);
    await client.query("DELETE FROM preferences WHERE node_name = '/new'");
  });
});

test("postgres: a NUL character, which PostgreSQL text cannot hold, fails the restore clearly and changes nothing", async (t) => {
  const { archive } = await backup(await sourceSettings(["a \u0000 nul"]));
  const target = await settingsOn("postgres");
  await t.throwsAsync(restore(target, archive), {
    message: /^concepts: a value holds the NUL character .* PostgreSQL text cannot store/,
  });
  await withPostgres(target, async (client) => {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM video_sequences");
    t.is(rows[0]?.n, 0);
    const { rows: indexes } = await client.query(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'video_references' ORDER BY indexname",
    );
    t.true(indexes.length >= 4, "the indexes set aside for the load are back after the rollback");
  });
});

test("postgres: rows that refer to missing rows fail the restore, naming the table, and change nothing", async (t) => {
  const settings = await sourceSettings(["orphan"]);
  const registry = sqliteOf(settings, "registry");
  try {
    registry.pragma("foreign_keys = OFF");
    registry.prepare("DELETE FROM video_sequences").run();
  } finally {
    registry.close();
  }
  const { archive } = await backup(settings);
  const target = await settingsOn("postgres");
  await t.throwsAsync(restore(target, archive), {
    message: /^videos: restored rows refer to missing rows/,
  });
  await withPostgres(target, async (client) => {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM videos");
    t.is(rows[0]?.n, 0);
  });
});

async function withPostgres(
  settings: PlatformSettings,
  use: (client: pg.Client) => Promise<void>,
): Promise<void> {
  const target = settings.databases.registry;
  if (target.kind !== "postgres") throw new Error("the platform is on PostgreSQL");
  const client = new pg.Client({ ...target });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

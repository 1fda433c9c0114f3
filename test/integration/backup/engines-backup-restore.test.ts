/**
 * The archive is engine-neutral: awkward registry rows backed up from each engine and restored
 * into each (3×3), then backed up again, give the same bytes (each section's row count and
 * SHA-256) as the source's archive. The registry runs on MariaDB, PostgreSQL and SQLite; the
 * other domains keep their SQLite files.
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

/** Settings whose registry is on the engine (a new, empty database there), the other domains on SQLite. */
async function settingsOn(engine: Engine): Promise<PlatformSettings> {
  const env: Record<string, string> = { M3_DATA_DIR: folder("m3-engines-data-") };
  if (engine === "mariadb") env.M3_REGISTRY_DATABASE_URL = await createTestDatabase("m3_engines");
  if (engine === "postgres") env.M3_REGISTRY_DATABASE_URL = await createPostgresTestDatabase("m3_engines");
  return readPlatformSettings(env);
}

const uuid = (n: number, group = 0) =>
  `${String(group).padStart(8, "0")}-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A SQLite platform whose registry holds the awkward rows (uuids given out of key order). */
async function sourceSettings(texts: readonly string[] = TEXTS): Promise<PlatformSettings> {
  const settings = await settingsOn("sqlite");
  for (const domain of ["kb", "registry", "annotation"] as const)
    await migrateDomainAt(domain, settings.databases[domain]);
  const registry = settings.databases.registry;
  if (registry.kind !== "sqlite") throw new Error("the source registry is on SQLite");
  const database = new Database(registry.file);
  try {
    database.defaultSafeIntegers(true);
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
    const at = (index: number) => INSTANTS[index % INSTANTS.length] as string;
    const big = (index: number) => {
      const value = BIG_INTEGERS[index % BIG_INTEGERS.length];
      return value === null || value === undefined ? null : BigInt(value);
    };
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
      t.is(sections.find((section) => section.end === "registry.video_references")?.rows, TEXTS.length);
      const { archive } = await backupOn(from);
      const target = await settingsOn(to);
      const restored = await restore(target, archive);
      t.is(restored.header.sources.registry, from === "mariadb" ? "mysql" : from);
      t.deepEqual((await backup(target)).sections, sections);
    });
  }
}

test("postgres: a registry holding rows is refused without force, and replaced with it", async (t) => {
  const { sections } = await source();
  const { settings, archive } = await backupOn("postgres");
  await t.throwsAsync(restore(settings, archive), {
    instanceOf: RestoreRefusedError,
    message: /the registry domain is not empty \(video_sequences, videos, video_references\)/,
  });
  await restore(settings, archive, true);
  t.deepEqual((await backup(settings)).sections, sections);
});

test("postgres: a NUL character, which PostgreSQL text cannot hold, fails the restore clearly and changes nothing", async (t) => {
  const { archive } = await backup(await sourceSettings(["a \u0000 nul"]));
  const target = await settingsOn("postgres");
  await t.throwsAsync(restore(target, archive), {
    message: /video_sequences: a value holds the NUL character .* PostgreSQL text cannot store/,
  });
  const registry = target.databases.registry;
  if (registry.kind !== "postgres") throw new Error("the target registry is on PostgreSQL");
  const client = new pg.Client({ ...registry });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM video_sequences");
    t.is(rows[0]?.n, 0);
    const { rows: indexes } = await client.query(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'video_references' ORDER BY indexname",
    );
    t.true(indexes.length >= 4, "the indexes set aside for the load are back after the rollback");
  } finally {
    await client.end();
  }
});

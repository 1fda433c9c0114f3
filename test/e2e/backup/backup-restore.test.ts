import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import test from "ava";
import { ArchiveError, OBJECTS_SECTION, type SourceKind } from "../../../tools/m3/backup/archive-format.js";
import type { WrittenSection } from "../../../tools/m3/backup/archive-writer.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import { readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { RestoreRefusedError, restorePlatform } from "../../../tools/m3/backup/restore.js";
import { type Answer, readAnswers } from "../../support/e2e/platform-answers.js";
import { type FilledPlatform, fillPlatform, IMAGE_PUBLIC_URL } from "../../support/e2e/platform-fill.js";
import { createMedia } from "../../support/e2e/registry-fixtures.js";
import { type PlatformData as Data, useRestorablePlatforms } from "../../support/e2e/restorable-platforms.js";
import type { Backend } from "../../support/e2e/test-platform.js";

const ADMIN = { username: "kbadmin", password: randomBytes(8).toString("hex") };
const COMMON_ENV = {
  M3_ADMIN_USER: ADMIN.username,
  M3_ADMIN_PASSWORD: ADMIN.password,
  M3_UPLOAD_PUBLIC_URL: IMAGE_PUBLIC_URL,
};

interface Source {
  filled: FilledPlatform;
  answers: Record<string, Answer>;
  archive: string;
  sections: WrittenSection[];
  data: Data;
}

const { folder, emptyData, start, stop } = useRestorablePlatforms(test, "backup", COMMON_ENV);
const sources = new Map<Backend, Promise<Source>>();

const settingsOf = (data: Data) => readPlatformSettings({ ...data.env, M3_DATA_DIR: data.dataDir });

/** A platform with the real kb, filled through the API, its answers read and its archive written. */
function source(backend: Backend): Promise<Source> {
  let found = sources.get(backend);
  if (!found) {
    found = (async () => {
      const data = await emptyData(backend);
      const platform = await start(backend, data, { importKb: true });
      const filled = await fillPlatform(platform.http, ADMIN);
      const answers = await readAnswers(platform.http, filled);
      const archive = join(folder("m3-backup-archive-"), "source.jsonl.gz");
      // Written while the platform serves, as the CronJob does.
      const written = await backupPlatform({
        settings: settingsOf(data),
        output: { kind: "file", path: archive },
      });
      await stop(platform);
      return { filled, answers, archive, sections: written.sections, data };
    })();
    sources.set(backend, found);
  }
  return found;
}

/** The target's tables as a backup sees them: each section's row count and SHA-256. */
async function tablesOf(data: Data): Promise<WrittenSection[]> {
  const path = join(folder("m3-backup-check-"), "check.jsonl.gz");
  const { sections } = await backupPlatform({ settings: settingsOf(data), output: { kind: "file", path } });
  return sections.filter((section) => section.end !== OBJECTS_SECTION);
}

/** What an archive's header says each domain was read from, on each backend. */
const SOURCE: Record<Backend, SourceKind> = {
  mariadb: "mysql",
  postgres: "postgres",
  sqlite: "sqlite",
};

const databaseSections = (sections: WrittenSection[]) =>
  sections.filter((section) => section.end !== OBJECTS_SECTION);

/** Each engine's reader and each one's writer, in three pairs (awkward values across all nine: test/integration/backup). */
for (const [from, to] of [
  ["sqlite", "mariadb"],
  ["mariadb", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  test.serial(
    `${from} to ${to}: the restored platform answers every read route as its source, with the same rows`,
    async (t) => {
      const { filled, answers, archive, sections, data } = await source(from);
      t.true(
        Object.values(answers).every((answer) => answer.status === 200),
        JSON.stringify(answers).slice(0, 500),
      );
      const counts = Object.fromEntries(sections.map((section) => [section.end, section.rows]));
      t.true((counts["kb.concepts"] ?? 0) > 4000);
      t.true((counts["annotation.associations"] ?? 0) >= 16);
      t.is(counts[OBJECTS_SECTION], 1);
      for (const histogram of [
        "POST /anno/v1/histogram/depth?size=50",
        "POST /anno/v1/histogram/time?size=1",
      ]) {
        const body = answers[histogram]?.body as { content: { values: number[] } } | undefined;
        const values = body?.content.values ?? [];
        t.true(
          values.some((count) => count > 0),
          `${histogram} counts annotations, so the restored counts are compared`,
        );
      }

      const target = await emptyData(to);
      // The image store is copied apart (the archive lists the objects, not their bytes).
      cpSync(join(data.dataDir, "upload"), join(target.dataDir, "upload"), { recursive: true });
      const restored = await restorePlatform({
        settings: settingsOf(target),
        input: { kind: "file", path: archive },
      });
      for (const domain of ["kb", "registry", "annotation"])
        t.is(restored.header.sources[domain], SOURCE[from]);
      t.deepEqual(
        restored.tables,
        Object.fromEntries(databaseSections(sections).map((section) => [section.end, section.rows])),
      );
      t.like(restored.images, { listed: 1, present: 1, missingCount: 0, differingCount: 0 });

      // Every value came back exactly: the target's rows hash as the source's did.
      t.deepEqual(await tablesOf(target), databaseSections(sections));
      const platform = await start(to, target);
      const restoredAnswers = await readAnswers(platform.http, filled);
      for (const route of Object.keys(answers)) t.deepEqual(restoredAnswers[route], answers[route], route);
      // The restore put back the triggers that keep the histogram counts: a new annotation counts.
      const depthTotal = async () => {
        const reply = await platform.http.post("/anno/v1/histogram/depth?size=50", {
          json: { min_depth: 0 },
        });
        return (reply.json as { content: { values: number[] } }).content.values.reduce(
          (sum, n) => sum + n,
          0,
        );
      };
      const before = await depthTotal();
      const created = await platform.http.post("/anno/v1/annotations/bulk", {
        json: [
          {
            video_reference_uuid: filled.annotated[0],
            concept: filled.concept,
            elapsed_time_millis: 987_654_321,
            ancillary_data: { depth_meters: 321 },
          },
        ],
      });
      t.is(created.status, 200);
      t.is(await depthTotal(), before + 1);
      await stop(platform);
    },
  );
}

/** The archive, damaged in each of the ways a restore must notice. */
function damagedArchives(archive: string, into: string): [string, string, RegExp][] {
  const bytes = readFileSync(archive);
  const lines = gunzipSync(bytes).toString("utf8").split("\n");
  const write = (name: string, content: Buffer) => {
    const path = join(into, name);
    writeFileSync(path, content);
    return path;
  };
  const rejoin = (edited: string[]) => gzipSync(Buffer.from(edited.join("\n")));
  const observations = lines.findIndex((line) => line.startsWith('{"section":"annotation.observations"'));
  const brian = lines.findIndex((line, index) => index > observations && line.includes('"brian"'));
  const changedRow = lines.map((line, index) =>
    index === brian ? line.replace('"brian"', '"brain"') : line,
  );
  const conceptsEnd = lines.findIndex((line) => line.startsWith('{"end":"kb.concepts"'));
  const wrongCount = lines.map((line, index) =>
    index === conceptsEnd ? line.replace(/"rows":(\d+)/, (_, rows) => `"rows":${Number(rows) - 1}`) : line,
  );
  return [
    [
      "a changed row",
      write("changed.jsonl.gz", rejoin(changedRow)),
      /annotation\.observations: the rows do not match their SHA-256/,
    ],
    [
      "a wrong row count",
      write("count.jsonl.gz", rejoin(wrongCount)),
      /kb\.concepts: the archive holds \d+ rows/,
    ],
    [
      "cut bytes",
      write("cut.jsonl.gz", bytes.subarray(0, Math.floor(bytes.length * 0.7))),
      /damaged or truncated/,
    ],
    ["cut lines", write("lines.jsonl.gz", rejoin(lines.slice(0, observations + 3))), /truncated/],
    [
      "another format version",
      write(
        "version.jsonl.gz",
        rejoin(
          lines.map((line, index) =>
            index === 0 ? line.replace('"formatVersion":1', '"formatVersion":2') : line,
          ),
        ),
      ),
      /archive format 2 .* is not the format 1/,
    ],
  ];
}

for (const backend of ["mariadb", "postgres", "sqlite"] as const) {
  test.serial(
    `${backend}: a platform holding data is refused without --force, damaged archives change nothing, --force replaces`,
    async (t) => {
      const { archive, sections } = await source("sqlite");
      const target = await emptyData(backend);
      const platform = await start(backend, target);
      await createMedia(platform.http);
      await stop(platform);
      const before = await tablesOf(target);
      const settings = settingsOf(target);
      const input = { kind: "file", path: archive } as const;

      await t.throwsAsync(restorePlatform({ settings, input }), {
        instanceOf: RestoreRefusedError,
        message: /the kb domain is not empty \(user_accounts\).*--force/,
      });
      t.deepEqual(await tablesOf(target), before);

      for (const [what, path, message] of damagedArchives(archive, folder("m3-backup-damaged-"))) {
        await t.throwsAsync(
          restorePlatform({ settings, input: { kind: "file", path }, force: true }),
          {
            instanceOf: ArchiveError,
            message,
          },
          what,
        );
        t.deepEqual(await tablesOf(target), before, `${what}: nothing changed`);
      }

      const replaced = await restorePlatform({ settings, input, force: true });
      t.true(replaced.rows > 18_000);
      t.deepEqual(await tablesOf(target), databaseSections(sections));
    },
  );
}

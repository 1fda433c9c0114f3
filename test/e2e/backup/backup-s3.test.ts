/**
 * Archives on an object store, against a real S3 server (s3rver, or MinIO in a container) started here: the
 * platform's backup CronJob command (`m3 backup --output s3://bucket/prefix/ --retain N`, as the
 * operator renders it for the chart's M3Platform) run as a script runs it, its retention, and
 * `m3 restore --input s3://…` into an empty platform that then answers every read route as its
 * source did.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { Client } from "minio";
import { type S3TestServer, startTestS3Server } from "../../../tools/dev/fixtures/s3-server.js";
import { renderInstall } from "../../support/deploy/chart-platform.js";
import { findComponent, podSpecOf } from "../../support/deploy/manifest-queries.js";
import { type Answer, readAnswers } from "../../support/e2e/platform-answers.js";
import { type FilledPlatform, fillPlatform, IMAGE_PUBLIC_URL } from "../../support/e2e/platform-fill.js";
import { startTestPlatform } from "../../support/e2e/test-platform.js";

const run = promisify(execFile);
const M3 = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "cli", "m3.mjs");
const BUCKET = "m3-backups";
const PREFIX = "nightly/";
const RETENTION = 2;
const ADMIN = { username: "kbadmin", password: randomBytes(8).toString("hex") };
const PLATFORM_ENV = {
  M3_ADMIN_USER: ADMIN.username,
  M3_ADMIN_PASSWORD: ADMIN.password,
  M3_UPLOAD_PUBLIC_URL: IMAGE_PUBLIC_URL,
};
/** An archive older than any backup here, and objects retention must leave alone. */
const OLD_ARCHIVE = `${PREFIX}m3-backup-20200101T000000000Z.jsonl.gz`;
const UNRELATED = [`${PREFIX}README.txt`, "weekly/m3-backup-20200101T000000000Z.jsonl.gz"];

const folders: string[] = [];
let s3: S3TestServer | undefined;
let source: { dataDir: string; filled: FilledPlatform; answers: Record<string, Answer> } | undefined;

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

function client(server: S3TestServer): Client {
  const endpoint = new URL(server.endpoint);
  return new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    pathStyle: true,
    ...server.credentials,
  });
}

/** The `m3` command as the image runs it, with the archives' S3 settings and a data folder. */
function m3(server: S3TestServer, dataDir: string, args: readonly string[]) {
  return run(process.execPath, [M3, ...args, "--json"], {
    env: {
      ...process.env,
      ...PLATFORM_ENV,
      M3_DATA_DIR: dataDir,
      M3_DATABASE_URL: "",
      M3_KB_DATABASE_URL: "",
      M3_ANNOTATION_DATABASE_URL: "",
      M3_REGISTRY_DATABASE_URL: "",
      M3_BACKUP_S3_ENDPOINT: server.endpoint,
      M3_BACKUP_S3_ACCESS_KEY: server.credentials.accessKey,
      M3_BACKUP_S3_SECRET_KEY: server.credentials.secretKey,
    },
  });
}

async function listKeys(server: S3TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of client(server).listObjectsV2(BUCKET, "", true))
    if (item.name) keys.push(item.name);
  return keys.sort();
}

test.before(async () => {
  s3 = await startTestS3Server();
  const objects = client(s3);
  await objects.makeBucket(BUCKET);
  for (const key of [OLD_ARCHIVE, ...UNRELATED]) await objects.putObject(BUCKET, key, Buffer.from(key));
  const dataDir = folder("m3-backup-s3-source-");
  const platform = await startTestPlatform("sqlite", PLATFORM_ENV, { importKb: true, dataDir });
  try {
    const filled = await fillPlatform(platform.http, ADMIN);
    source = { dataDir, filled, answers: await readAnswers(platform.http, filled) };
  } finally {
    await platform.stop();
  }
});

test.after.always(async () => {
  await s3?.stop();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

test.serial(
  "the platform's backup CronJob command writes archives to the bucket and keeps the newest of them",
  async (t) => {
    const server = s3 as S3TestServer;
    const { dataDir } = source as NonNullable<typeof source>;
    // The chart's M3Platform, through the operator's builders: the CronJob the operator runs.
    const { built } = await renderInstall({
      valuesFiles: ["ci/platform-values.yaml"],
      set: [
        `platform.spec.backup.target=s3://${BUCKET}/${PREFIX}`,
        `platform.spec.backup.retain=${RETENTION}`,
      ],
    });
    const [command, ...args] = podSpecOf(findComponent(built, "CronJob", "backup")).containers[0]
      .args as string[];
    t.is(command, "m3");
    t.deepEqual(args, ["backup", "--output", `s3://${BUCKET}/${PREFIX}`, "--retain", String(RETENTION)]);

    const written: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const report = JSON.parse((await m3(server, dataDir, args)).stdout) as {
        location: string;
        rows: number;
        deleted: string[];
      };
      t.regex(report.location, /^s3:\/\/m3-backups\/nightly\/m3-backup-\d{8}T\d{9}Z\.jsonl\.gz$/);
      t.true(report.rows > 18_000, `${report.rows} rows`);
      written.push(report.location.slice(`s3://${BUCKET}/`.length));
      // Names are the creation time to the millisecond: the next run gets a later one.
      await new Promise((resolve) => setTimeout(resolve, 5));
      // The first run keeps the old archive (two in all), the second deletes it, the third the first run's.
      const deleted = [[], [OLD_ARCHIVE], [written[0] as string]][attempt] as string[];
      t.deepEqual(
        report.deleted,
        deleted.map((key) => key.slice(PREFIX.length)),
        `run ${attempt + 1}`,
      );
    }
    t.deepEqual(await listKeys(server), [...UNRELATED, ...written.slice(-RETENTION)].sort());
  },
);

test.serial(
  "m3 restore --input s3://… loads the newest archive into an empty platform that answers as its source",
  async (t) => {
    const server = s3 as S3TestServer;
    const { dataDir, filled, answers } = source as NonNullable<typeof source>;
    const newest = (await listKeys(server)).filter((key) => key.startsWith(`${PREFIX}m3-backup-`)).at(-1);
    const target = folder("m3-backup-s3-target-");
    // The image store is copied apart (the archive lists the objects, not their bytes).
    cpSync(join(dataDir, "upload"), join(target, "upload"), { recursive: true });
    const restored = JSON.parse(
      (await m3(server, target, ["restore", "--input", `s3://${BUCKET}/${newest}`])).stdout,
    ) as { rows: number; tables: Record<string, number> };
    t.true(restored.rows > 18_000);
    t.true((restored.tables["annotation.observations"] ?? 0) > 0);

    const platform = await startTestPlatform("sqlite", PLATFORM_ENV, { dataDir: target });
    try {
      const restoredAnswers = await readAnswers(platform.http, filled);
      for (const route of Object.keys(answers)) t.deepEqual(restoredAnswers[route], answers[route], route);
    } finally {
      await platform.stop();
    }
  },
);

test.serial(
  "an archive that is not in the bucket, or a bucket that does not exist, fails with a message and writes nothing",
  async (t) => {
    const server = s3 as S3TestServer;
    const { dataDir } = source as NonNullable<typeof source>;
    const before = await listKeys(server);
    const missing = await t.throwsAsync(
      m3(server, folder("m3-backup-s3-empty-"), [
        "restore",
        "--input",
        `s3://${BUCKET}/${PREFIX}absent.jsonl.gz`,
      ]),
    );
    t.is((missing as { code?: number }).code, 1);
    t.regex((missing as { stderr?: string }).stderr ?? "", /^m3: .*(not exist|NoSuchKey)/im);
    const noBucket = await t.throwsAsync(
      m3(server, dataDir, ["backup", "--output", "s3://no-such-bucket/nightly/", "--retain", "2"]),
    );
    t.regex((noBucket as { stderr?: string }).stderr ?? "", /^m3: the bucket no-such-bucket does not exist/m);
    t.deepEqual(await listKeys(server), before);
  },
);

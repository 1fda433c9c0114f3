import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import mysql from "mysql2/promise";
import { REPO_ROOT } from "../../tools/dev/codegen/k8s/k8s-tools.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../tools/dev/fixtures/mariadb.js";

const run = promisify(execFile);
const ENTRYPOINT = ["--import", "tsx", join(REPO_ROOT, "tools/m3/image/image-entrypoint.ts")];

test.after.always(stopPrivateMariaDb);

async function migrationsApplied(url: string, domain: string): Promise<number> {
  const connection = await mysql.createConnection(url);
  try {
    const [rows] = await connection.query(`SELECT COUNT(*) AS applied FROM \`${domain}_migrations\``);
    return Number((rows as { applied: number }[])[0]?.applied);
  } finally {
    await connection.end();
  }
}

test("the image's migrate command brings each named domain's MySQL schema up to date and exits", async (t) => {
  const urls = {
    kb: await createTestDatabase("m3_migrate_kb"),
    annotation: await createTestDatabase("m3_migrate_anno"),
    registry: await createTestDatabase("m3_migrate_vam"),
  };
  const env = {
    ...process.env,
    M3_KB_DATABASE_URL: urls.kb,
    M3_ANNOTATION_DATABASE_URL: urls.annotation,
    M3_REGISTRY_DATABASE_URL: urls.registry,
  };
  const { stdout } = await run("node", [...ENTRYPOINT, "migrate", "kb", "annotation", "registry"], {
    env,
    cwd: REPO_ROOT,
  });
  const lines = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  t.deepEqual(
    lines.map((line) => [line.domain, line.msg]),
    [
      ["kb", "schema up to date"],
      ["annotation", "schema up to date"],
      ["registry", "schema up to date"],
    ],
  );
  for (const [domain, url] of Object.entries(urls))
    t.true((await migrationsApplied(url, domain)) > 0, domain);
});

test("the image's migrate command fails, naming the choices, for a domain without a database", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-migrate-"));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const error = await t.throwsAsync(
    run("node", [...ENTRYPOINT, "migrate", "capture"], { env: { ...process.env, M3_DATA_DIR: dataDir } }),
  );
  t.is((error as { code?: number }).code, 1);
  t.regex(
    (error as { stdout?: string }).stdout ?? "",
    /no migrations for capture: choose from kb, annotation, registry/,
  );
});

test("the image refuses an unknown command and lists the known ones", async (t) => {
  const error = await t.throwsAsync(run("node", [...ENTRYPOINT, "oni"]));
  t.is((error as { code?: number }).code, 2);
  t.regex(
    (error as { stderr?: string }).stderr ?? "",
    /kb, annotation, registry, config, capture, upload, gateway, operator, migrate, m3/,
  );
});

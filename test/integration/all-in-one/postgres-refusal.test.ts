/**
 * PostgreSQL comes domain by domain: a start that would put a domain not yet ported on it fails
 * whole, before any domain opens its database, naming the domains and what they run on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import pg from "pg";
import { pino } from "pino";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { startPlatform } from "../../../tools/m3/all-in-one/start-platform.js";
import { migrateDomains } from "../../../tools/m3/migrate/migrate.js";

const dataDir = mkdtempSync(join(tmpdir(), "m3-pg-refusal-"));
test.after.always(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await stopPrivatePostgres();
});

async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

test("npm start with M3_DATABASE_URL=postgres://… fails before any domain starts, naming kb (annotation runs on it)", async (t) => {
  const url = await createPostgresTestDatabase("m3_refusal");
  const error = await t.throwsAsync(
    startPlatform({
      env: { M3_DATABASE_URL: url, M3_API_KEY: "k", M3_SIGNING_SECRET: "s" },
      dataDir,
      port: 0,
      host: "127.0.0.1",
      logger: pino({ level: "silent" }),
    }),
  );
  t.regex(
    error?.message ?? "",
    /the kb domain does not run on PostgreSQL yet: it runs on MySQL\/MariaDB, SQLite/,
  );
  t.notRegex(error?.message ?? "", /annotation/);
  t.regex(error?.message ?? "", /M3_KB_DATABASE_URL/);
  t.notRegex(error?.message ?? "", /registry/);
  t.deepEqual(await tablesIn(url), [], "the registry and annotation, which could, did not migrate meanwhile");
});

test("migrate refuses every domain not yet on PostgreSQL before migrating any", async (t) => {
  const url = await createPostgresTestDatabase("m3_refusal");
  await t.throwsAsync(migrateDomains(["registry", "kb"], { M3_DATABASE_URL: url }, dataDir), {
    message: /^the kb domain does not run on PostgreSQL yet/,
  });
  t.deepEqual(await tablesIn(url), []);
});

test("the registry alone on PostgreSQL migrates (M3_REGISTRY_DATABASE_URL), the others staying on SQLite", async (t) => {
  const url = await createPostgresTestDatabase("m3_refusal");
  const migrated = await migrateDomains(["registry", "kb"], { M3_REGISTRY_DATABASE_URL: url }, dataDir);
  t.deepEqual(
    migrated.map((domain) => domain.domain),
    ["registry", "kb"],
  );
  t.deepEqual((await tablesIn(url)).sort(), [
    "registry_migrations",
    "video_references",
    "video_sequences",
    "videos",
  ]);
});

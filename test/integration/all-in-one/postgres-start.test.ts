/**
 * Every domain with tables runs on PostgreSQL: one postgres:// URL starts them all in one
 * database, and one domain may be given PostgreSQL alone.
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

const dataDir = mkdtempSync(join(tmpdir(), "m3-pg-start-"));
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

test("npm start with M3_DATABASE_URL=postgres://… migrates and starts every domain in that one database", async (t) => {
  const url = await createPostgresTestDatabase("m3_start");
  const platform = await startPlatform({
    env: { M3_DATABASE_URL: url, M3_API_KEY: "k", M3_SIGNING_SECRET: "s" },
    dataDir,
    port: 0,
    host: "127.0.0.1",
    logger: pino({ level: "silent" }),
  });
  try {
    const reply = await fetch(`http://127.0.0.1:${platform.port}/vam/v1/videosequences/names`);
    t.is(reply.status, 200);
  } finally {
    await platform.stop();
  }
  const tables = await tablesIn(url);
  for (const table of ["kb_migrations", "registry_migrations", "annotation_migrations"])
    t.true(tables.includes(table), table);
});

test("the registry alone on PostgreSQL migrates (M3_REGISTRY_DATABASE_URL), the others staying on SQLite", async (t) => {
  const url = await createPostgresTestDatabase("m3_start");
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

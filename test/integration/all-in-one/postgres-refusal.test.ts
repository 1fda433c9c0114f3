/**
 * PostgreSQL came domain by domain, each refusing it until ported (DOMAIN_ENGINES): now every
 * domain with tables runs on it, so one postgres:// URL starts the whole platform in one database
 * and `m3 migrate` puts every domain there; a domain may still live there alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import pg from "pg";
import { pino } from "pino";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
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

const MIGRATION_TABLES = ["annotation_migrations", "kb_migrations", "registry_migrations"];

test("npm start with M3_DATABASE_URL=postgres://… starts every domain in that one database", async (t) => {
  const url = await createPostgresTestDatabase("m3_all_postgres");
  const platform = await startPlatform({
    env: { M3_DATABASE_URL: url, M3_API_KEY: "k", M3_SIGNING_SECRET: "s" },
    dataDir,
    port: 0,
    host: "127.0.0.1",
    logger: pino({ level: "silent" }),
  });
  try {
    const http = new HttpClient(`http://127.0.0.1:${platform.port}`, "k");
    for (const path of ["/kb/v1/health", "/anno/v1/health", "/vam/v1/health"]) {
      t.is((await http.get(path)).status, 200, path);
    }
    const columns = (await http.get("/anno/v1/query/columns")).json as { unavailableReason?: string }[];
    t.true(
      columns.every((column) => column.unavailableReason === undefined),
      "the query view joins the registry's tables in the same database",
    );
  } finally {
    await platform.stop();
  }
  const tables = await tablesIn(url);
  t.deepEqual(
    MIGRATION_TABLES.filter((table) => tables.includes(table)),
    MIGRATION_TABLES,
  );
});

test("migrate puts every domain into one PostgreSQL database", async (t) => {
  const url = await createPostgresTestDatabase("m3_all_postgres");
  const migrated = await migrateDomains(["registry", "kb", "annotation"], { M3_DATABASE_URL: url }, dataDir);
  t.deepEqual(
    migrated.map((domain) => domain.domain),
    ["registry", "kb", "annotation"],
  );
  const tables = await tablesIn(url);
  t.deepEqual(
    MIGRATION_TABLES.filter((table) => tables.includes(table)),
    MIGRATION_TABLES,
  );
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

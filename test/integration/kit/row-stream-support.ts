import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Entity, type MigrationInterface, PrimaryColumn, type QueryRunner } from "typeorm";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import type { StreamedRow } from "../../../services/kit/storage/row-stream.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

/** The engines a row stream reads. */
export type StreamEngine = "mysql" | "postgres" | "sqlite";

@Entity({ name: "kit_stream_probe" })
export class StreamProbe {
  @PrimaryColumn({ type: "integer" })
  n!: number;
}

class CreateStreamProbe implements MigrationInterface {
  name = "CreateStreamProbe1763790000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE kit_stream_probe (n INTEGER NOT NULL PRIMARY KEY)");
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kit_stream_probe");
  }
}

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-row-stream-"));
const opened: DomainStorage[] = [];
export const NEVER = new AbortController().signal;

async function databaseUrl(kind: StreamEngine): Promise<string> {
  if (kind === "mysql") return createTestDatabase();
  if (kind === "postgres") return createPostgresTestDatabase();
  return join(sqliteDir, `${randomUUID()}.sqlite`);
}

/** A fresh storage (pool of 3) with kit_stream_probe holding 1 … rows. */
export async function open(kind: StreamEngine, rows: number): Promise<DomainStorage> {
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(await databaseUrl(kind)),
    domain: "kit",
    entities: [StreamProbe],
    migrations: { mysql: [CreateStreamProbe], sqlite: [CreateStreamProbe], postgres: [CreateStreamProbe] },
    poolSize: 3,
  });
  opened.push(storage);
  for (let start = 1; start <= rows; start += 500) {
    const chunk = Array.from({ length: Math.min(500, rows - start + 1) }, (_, i) => ({ n: start + i }));
    await storage.transaction((manager) => manager.insert(StreamProbe, chunk));
  }
  return storage;
}

/** Closes every storage opened and stops the private servers. Call from test.after.always. */
export async function closeAll(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}

export async function collect(rows: AsyncIterable<StreamedRow>): Promise<StreamedRow[]> {
  const all: StreamedRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

/** What the promise rejected with (AbortSignal reasons are DOMExceptions, which ava does not take for errors). */
export async function rejectionOf(promise: Promise<unknown>): Promise<{ name?: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error as { name?: string };
  }
}

/** Statements of other connections still running on the server whose text contains marker. */
export async function runningQueries(storage: DomainStorage, marker: string): Promise<number> {
  const sql =
    storage.dialect === "postgres"
      ? `SELECT COUNT(*) AS n FROM pg_stat_activity
          WHERE query LIKE ? AND state <> 'idle' AND pid <> pg_backend_pid() AND datname = current_database()`
      : "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()";
  const rows = (await storage.read((manager) => manager.query(sql, [`%${marker}%`]))) as Array<{
    n: number | string;
  }>;
  return Number(rows[0]?.n);
}

/** The queries still running with the marker once none is, or the deadline passes. */
export async function queriesLeftAfter(
  storage: DomainStorage,
  marker: string,
  deadlineMillis: number,
): Promise<number> {
  const until = Date.now() + deadlineMillis;
  let running = await runningQueries(storage, marker);
  while (running > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    running = await runningQueries(storage, marker);
  }
  return running;
}

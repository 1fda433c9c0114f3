/**
 * A one-table domain ("kit_probe") for the storage kit's own tests, with its migration on each
 * engine, opened on a fresh MariaDB or PostgreSQL database or a fresh SQLite file.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Entity, type MigrationInterface, PrimaryColumn, type QueryRunner } from "typeorm";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { InstantColumn } from "../../../services/kit/storage/instant-column.js";
import type { Instant } from "../../../services/kit/time/instant.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

export type ProbeEngine = "mysql" | "postgres" | "sqlite";
export const PROBE_ENGINES: readonly ProbeEngine[] = ["mysql", "postgres", "sqlite"];

@Entity({ name: "kit_probe" })
export class Probe {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @InstantColumn({ name: "observed_at" })
  observedAt!: Instant;
}

function createProbe(sql: string): new () => MigrationInterface {
  return class CreateProbe implements MigrationInterface {
    name = "CreateProbe1763790000000";
    async up(runner: QueryRunner): Promise<void> {
      await runner.query(sql);
    }
    async down(runner: QueryRunner): Promise<void> {
      await runner.query("DROP TABLE kit_probe");
    }
  };
}

const CreateProbeMysql = createProbe(
  "CREATE TABLE kit_probe (id VARCHAR(36) NOT NULL PRIMARY KEY, observed_at DATETIME(6) NOT NULL) ENGINE=InnoDB",
);
const CreateProbePostgres = createProbe(
  "CREATE TABLE kit_probe (id VARCHAR(36) NOT NULL PRIMARY KEY, observed_at TIMESTAMP(6) NOT NULL)",
);
export const CreateProbeSqlite = createProbe(
  "CREATE TABLE kit_probe (id TEXT NOT NULL PRIMARY KEY, observed_at TEXT NOT NULL)",
);
export const PROBE_MIGRATIONS = {
  mysql: [CreateProbeMysql],
  postgres: [CreateProbePostgres],
  sqlite: [CreateProbeSqlite],
};

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kit-sqlite-"));
const opened: DomainStorage[] = [];

/** A fresh SQLite file's path, removed by closeProbeStorages. */
export function probeSqliteFile(): string {
  return join(sqliteDir, `${randomUUID()}.sqlite`);
}

/** A fresh database's URL on the engine. */
export async function probeDatabaseUrl(engine: ProbeEngine): Promise<string> {
  if (engine === "mysql") return createTestDatabase();
  if (engine === "postgres") return createPostgresTestDatabase();
  return probeSqliteFile();
}

export async function openProbeStorage(
  engine: ProbeEngine,
  options: { checkNestedTransactions?: boolean } = {},
): Promise<DomainStorage> {
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(await probeDatabaseUrl(engine)),
    domain: "kit",
    entities: [Probe],
    migrations: PROBE_MIGRATIONS,
    ...options,
  });
  opened.push(storage);
  return storage;
}

export async function closeProbeStorages(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}

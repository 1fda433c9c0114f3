import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

/** Every annotation integration test runs once per backend, with the same assertions. */
export const BACKENDS = ["mysql", "postgres", "sqlite"] as const;
export type Backend = (typeof BACKENDS)[number];

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-annotation-it-"));
const opened: DomainStorage[] = [];

/** A fresh MySQL or PostgreSQL database URL, or SQLite file path. */
export async function annotationTestDatabaseUrl(backend: Backend): Promise<string> {
  if (backend === "mysql") return createTestDatabase("m3_annotation");
  if (backend === "postgres") return createPostgresTestDatabase("m3_annotation");
  return join(sqliteDir, `${randomUUID()}.sqlite`);
}

/** A fresh, migrated annotation database of the given kind. */
export async function openAnnotationTestStorage(backend: Backend): Promise<DomainStorage> {
  const storage = await openAnnotationStorage(parseDatabaseUrl(await annotationTestDatabaseUrl(backend)));
  opened.push(storage);
  return storage;
}

/** For test.after.always: closes every storage, removes the SQLite files and the private servers. */
export async function closeAnnotationTestStorages(): Promise<void> {
  await Promise.all(opened.splice(0).map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}

export function at(text: string): Instant {
  const instant = Instant.parse(text);
  if (!instant) throw new Error(`bad instant in test: ${text}`);
  return instant;
}

/** Counts the rows of a table, to prove what a write left behind. */
export async function countRows(storage: DomainStorage, table: string): Promise<number> {
  const rows: { n: number | string }[] = await storage.read((manager) =>
    manager.query(`SELECT COUNT(*) AS n FROM ${table}`),
  );
  return Number(rows[0]?.n ?? 0);
}

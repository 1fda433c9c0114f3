import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { createTestDatabase, stopPrivateMariaDb } from "../mariadb.js";

export const QUERY_BACKENDS = ["mysql", "sqlite"] as const;
export type QueryBackend = (typeof QUERY_BACKENDS)[number];

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-annotation-query-"));
const opened: DomainStorage[] = [];

/** A fresh MySQL database URL or SQLite file path. */
export async function queryDatabaseUrl(backend: QueryBackend): Promise<string> {
  return backend === "mysql"
    ? await createTestDatabase("m3_query")
    : join(sqliteDir, `${randomUUID()}.sqlite`);
}

/** A fresh, migrated annotation database of the given kind. */
export async function openQueryTestStorage(backend: QueryBackend): Promise<DomainStorage> {
  const storage = await openAnnotationStorage(parseDatabaseUrl(await queryDatabaseUrl(backend)));
  opened.push(storage);
  return storage;
}

/** For test.after.always: closes every storage, removes the SQLite files and the private MariaDB. */
export async function closeQueryTestStorages(): Promise<void> {
  await Promise.all(opened.splice(0).map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopPrivateMariaDb();
}

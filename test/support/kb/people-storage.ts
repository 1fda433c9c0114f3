import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionContext } from "ava";
import type { KbSchema } from "../../../services/kb/contracts/part.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { type Backend, freshKbDatabaseUrl, migrationsOf, stopKbTestServers } from "./kb-databases.js";

export { BACKENDS, type Backend } from "./kb-databases.js";

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kb-it-"));
const opened: DomainStorage[] = [];

/** A fresh kb database holding only the given parts' tables. */
export async function openKbStorage(backend: Backend, schemas: readonly KbSchema[]): Promise<DomainStorage> {
  return openKbStorageAt(await freshKbDatabaseUrl(backend, "m3_kb", sqliteDir), schemas);
}

/** A fresh kb database's URL on the backend, for more than one storage to open (replicas). */
export function freshKbUrl(backend: Backend): Promise<string> {
  return freshKbDatabaseUrl(backend, "m3_kb", sqliteDir);
}

/** A storage over the kb database at `url` (another replica's, when it is open already). */
export async function openKbStorageAt(url: string, schemas: readonly KbSchema[]): Promise<DomainStorage> {
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(url),
    domain: "kb",
    entities: schemas.flatMap((schema) => schema.entities),
    migrations: migrationsOf(schemas),
  });
  opened.push(storage);
  return storage;
}

/** For test.after.always: closes every storage, removes the SQLite files and the private servers. */
export async function closeKbStorages(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopKbTestServers();
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

/** Asserts the promise rejects with a DomainError of the code (and message pattern, if given). */
export async function rejectsWith(
  t: ExecutionContext,
  promise: Promise<unknown>,
  code: string,
  message?: RegExp,
): Promise<void> {
  const error = await t.throwsAsync(promise);
  t.is((error as { code?: string } | undefined)?.code, code, error?.message);
  if (message) t.regex(error?.message ?? "", message);
}

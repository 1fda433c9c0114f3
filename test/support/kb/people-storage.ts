import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionContext } from "ava";
import type { KbSchema } from "../../../services/kb/contracts/part.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";

/** Every kb people/history integration test runs once per backend, with the same assertions. */
export const BACKENDS = ["mysql", "sqlite"] as const;
export type Backend = (typeof BACKENDS)[number];

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kb-it-"));
const opened: DomainStorage[] = [];

/** A fresh kb database holding only the given parts' tables. */
export async function openKbStorage(backend: Backend, schemas: readonly KbSchema[]): Promise<DomainStorage> {
  const url =
    backend === "mysql" ? await createTestDatabase("m3_kb") : join(sqliteDir, `${randomUUID()}.sqlite`);
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(url),
    domain: "kb",
    entities: schemas.flatMap((schema) => schema.entities),
    migrations: {
      mysql: schemas.flatMap((schema) => schema.migrations.mysql),
      sqlite: schemas.flatMap((schema) => schema.migrations.sqlite),
    },
  });
  opened.push(storage);
  return storage;
}

/** For test.after.always: closes every storage, removes the SQLite files and the private MariaDB. */
export async function closeKbStorages(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopPrivateMariaDb();
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

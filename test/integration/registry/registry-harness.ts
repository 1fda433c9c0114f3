import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionContext } from "ava";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import type { MediaInput } from "../../../services/registry/media/services/media-input.js";
import {
  createRegistryServices,
  openRegistryStorage,
  type RegistryServices,
} from "../../../services/registry/registry-domain.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

/** Every registry integration test runs once per backend, with the same assertions. */
export const BACKENDS = ["mysql", "postgres", "sqlite"] as const;
export type Backend = (typeof BACKENDS)[number];

export const TIME_WINDOW_MINUTES = 120;

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-registry-it-"));
const opened: DomainStorage[] = [];

export interface Registry extends RegistryServices {
  storage: DomainStorage;
}

/** The URL of a fresh, empty database of the given kind (a SQLite file under `folder`). */
export async function freshDatabaseUrl(backend: Backend, folder: string = sqliteDir): Promise<string> {
  if (backend === "mysql") return createTestDatabase("m3_registry");
  if (backend === "postgres") return createPostgresTestDatabase("m3_registry");
  return join(folder, `${randomUUID()}.sqlite`);
}

/** A fresh, migrated registry database of the given kind. */
export async function openRegistry(backend: Backend): Promise<Registry> {
  const url = await freshDatabaseUrl(backend);
  const storage = await openRegistryStorage(parseDatabaseUrl(url));
  opened.push(storage);
  return { storage, ...createRegistryServices(storage, TIME_WINDOW_MINUTES) };
}

/** For test.after.always: closes every storage, removes the SQLite files and the private servers. */
export async function closeRegistries(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

export function at(text: string): Instant {
  const instant = Instant.parse(text);
  if (!instant) throw new Error(`bad instant in test: ${text}`);
  return instant;
}

export function sha512Of(seed: string): string {
  return Buffer.alloc(64, seed).toString("hex");
}

/** A complete media input with fresh names; fields can be overridden. */
export function mediaInput(overrides: MediaInput = {}): MediaInput {
  const id = unique("m");
  return {
    videoSequenceName: `seq-${id}`,
    cameraId: "cam-1",
    videoName: `vid-${id}`,
    uri: `http://example.org/${id}.mp4`,
    start: at("2020-01-01T00:00:00Z"),
    durationMillis: 60_000,
    ...overrides,
  };
}

/** Counts the rows of the registry tables, to prove a failed write left nothing behind. */
export async function rowCounts(registry: Registry): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["video_sequences", "videos", "video_references"]) {
    const rows: { n: number | string }[] = await registry.storage.read((manager) =>
      manager.query(`SELECT COUNT(*) AS n FROM ${table}`),
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
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

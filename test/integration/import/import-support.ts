import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLegacySite, type LegacySite } from "../../../tools/dev/fixtures/legacy-site/legacy-site.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { type PlatformSettings, readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";

/** The m3 engines an import is tested into: every domain runs on each of them. */
export const TARGETS = ["mysql", "postgres", "sqlite"] as const;
export type TargetEngine = (typeof TARGETS)[number];

const folders: string[] = [];

/** A fresh m3 platform's settings: every domain in one new database of the engine. */
export async function freshTarget(engine: TargetEngine): Promise<PlatformSettings> {
  if (engine === "mysql")
    return readPlatformSettings({ M3_DATABASE_URL: await createTestDatabase("m3_import") });
  if (engine === "postgres")
    return readPlatformSettings({ M3_DATABASE_URL: await createPostgresTestDatabase("m3_import") });
  const folder = mkdtempSync(join(tmpdir(), "m3-import-it-"));
  folders.push(folder);
  return readPlatformSettings({ M3_DATA_DIR: folder });
}

/** A legacy site in a fresh PostgreSQL database: the real kb and `annotations` generated annotations. */
export async function freshLegacySite(annotations: number, seed = 7): Promise<LegacySite> {
  return buildLegacySite({ url: await createPostgresTestDatabase("m3_legacy"), annotations, seed });
}

/** For test.after.always: the temporary folders and the private servers. */
export async function cleanUp(): Promise<void> {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}

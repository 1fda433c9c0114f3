import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { redact } from "../../../../services/kit/storage/database-url.js";
import { dataTables } from "../../../../services/kit/storage/table-catalogue.js";
import {
  type PlatformSettings,
  parseArchiveLocation,
  readPlatformSettings,
} from "../../backup/backup-settings.js";
import { restorePlatform } from "../../backup/restore.js";
import { LEGACY_DOMAINS } from "../legacy/legacy-mapping.js";
import type { ImportSource } from "../run/import-run.service.js";
import { DOMAIN_CATALOGUES, TargetDomains } from "../run/target-domains.js";
import { M3TableSource } from "./m3-table-source.js";

/** m3's tables that are not records to merge: the annotation domain's per-video write locks. */
const NOT_MERGED = new Set(["imaged_moment_locks"]);

/**
 * Another m3 as a source: a database URL (every domain in it), an m3 data folder (its SQLite
 * files), or an `m3 backup` archive (a file or s3://…), which is first restored into scratch
 * SQLite files under the system's temporary folder, removed again at the end. Opening the
 * source's databases brings their schema up to date, as m3 does when it starts.
 */
export async function openM3Source(from: string, settings: PlatformSettings): Promise<ImportSource> {
  const scratch = isArchive(from) ? mkdtempSync(join(tmpdir(), "m3-import-archive-")) : undefined;
  try {
    let databases: PlatformSettings["databases"];
    if (scratch) {
      const restoreSettings = {
        ...readPlatformSettings({ M3_DATA_DIR: scratch }),
        archiveS3: settings.archiveS3,
      };
      await restorePlatform({ settings: restoreSettings, input: parseArchiveLocation(from).location });
      databases = restoreSettings.databases;
    } else {
      databases = readPlatformSettings(
        isFolder(from) ? { M3_DATA_DIR: from } : { M3_DATABASE_URL: from },
      ).databases;
    }
    const sources = await TargetDomains.open(LEGACY_DOMAINS, databases);
    return {
      description: redact(from),
      domains: [...LEGACY_DOMAINS],
      tables: (domain) =>
        dataTables(DOMAIN_CATALOGUES[domain])
          .filter(([table]) => !NOT_MERGED.has(table))
          .map(([table, shape]) => new M3TableSource(domain, table, shape, sources.of(domain))),
      uncarried: async () => [],
      notes: async () => [],
      close: async () => {
        await sources.close();
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

function isArchive(from: string): boolean {
  if (/^s3:\/\//i.test(from)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from)) return false;
  return !isFolder(from);
}

function isFolder(from: string): boolean {
  try {
    return statSync(from).isDirectory();
  } catch {
    return false;
  }
}

import { Instant } from "../../../services/kit/time/instant.js";
import type { PlatformSettings } from "../backup/backup-settings.js";
import type { ImportReport } from "./run/import-report.js";
import { runImport } from "./run/import-run.service.js";
import { type LegacySources, openLegacySources } from "./run/legacy-import.js";
import { verifySample } from "./verify/verify-sample.js";

export interface ImportFlags {
  merge?: boolean;
  prune?: boolean;
  dryRun?: boolean;
  /** Records of each kind read back through m3's services after the import (default 200). */
  sample?: number;
  onTable?: (table: string, done: number, total: number) => void;
}

/** `m3 import legacy`: a running M3's databases, read directly, merged into m3's configured databases. */
export async function importLegacy(
  sources: LegacySources,
  settings: PlatformSettings,
  flags: ImportFlags = {},
): Promise<ImportReport> {
  const source = await openLegacySources(sources, Instant.now());
  return runImport({
    source,
    databases: settings.databases,
    requireMergeIntoFilled: true,
    merge: flags.merge === true,
    prune: flags.prune === true,
    dryRun: flags.dryRun === true,
    verify: (targets, report) => verifySample(source, targets, report, flags.sample ?? 200),
    onTable: flags.onTable,
  });
}

import type { PlatformSettings } from "../backup/backup-settings.js";
import type { ImportFlags } from "./import-legacy.js";
import { openM3Source } from "./m3/m3-source.js";
import type { ImportReport } from "./run/import-report.js";
import { runImport } from "./run/import-run.service.js";
import { verifySample } from "./verify/verify-sample.js";

/**
 * `m3 import m3`: another m3's records (a ship's, say) merged into this one's databases by the
 * same rule as a legacy import: new records added, changed ones updated when the source's are
 * newer, conflicts reported. Merging is its purpose, so a non-empty target needs no --merge.
 */
export async function importM3(
  from: string,
  settings: PlatformSettings,
  flags: ImportFlags = {},
): Promise<ImportReport> {
  const source = await openM3Source(from, settings);
  return runImport({
    source,
    databases: settings.databases,
    requireMergeIntoFilled: false,
    merge: true,
    prune: flags.prune === true,
    dryRun: flags.dryRun === true,
    verify: (targets, report) => verifySample(source, targets, report, flags.sample ?? 200),
    onTable: flags.onTable,
  });
}

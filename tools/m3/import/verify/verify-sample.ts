import type { ImportReport } from "../run/import-report.js";
import type { ImportSource } from "../run/import-run.service.js";
import type { TargetDomains } from "../run/target-domains.js";

/** Placeholder replaced below. */
export async function verifySample(
  _source: ImportSource,
  _targets: TargetDomains,
  _report: ImportReport,
  _sample: number,
): Promise<void> {}

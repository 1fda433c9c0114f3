import type { M3Row } from "../legacy/legacy-values.js";
import type { M3TablesRepository } from "../target/m3-tables.repository.js";
import type { OrphanRows } from "../target/set-aside/set-aside-indexes.repository.js";
import type { IndexBuilds } from "./index-builds.js";
import { differingColumns, identityOf } from "./m3-rows.js";
import { settleUniqueValues, uniqueValueColumns } from "./m3-unique-values.js";
import { decideMerge } from "./merge-rule.js";
import { readAhead } from "./read-ahead.js";
import type { TableSource } from "./table-source.js";

/**
 * Source rows from which a table loaded empty has its plain indexes and foreign keys set aside
 * and made again after the load (one sort per index instead of a random insert per row).
 */
export const SET_ASIDE_FROM_ROWS = 20_000;

/** The conflicts and unplaceable rows a report lists one by one (all are counted). */
export const LISTED_PER_TABLE = 50;

export interface Conflict {
  /** The record's identity in m3 (`uuid`, `id`, or the values of a composite key joined by `/`). */
  record: string;
  winner: "source" | "m3";
  sourceUpdated: string;
  m3Updated: string;
}

export interface TableReport {
  domain: string;
  table: string;
  sourceTable: string;
  sourceRows: number;
  added: number;
  updated: number;
  skipped: number;
  /** Rows m3 changed more recently than the source: m3's kept. */
  kept: number;
  pruned: number;
  unplaceable: number;
  /** Records imported without a unique value another record holds (a duplicate AphiaId or DOI). */
  cleared: number;
  /** Source rows that are one record in m3 (oni's delegates folded: a concept's reference twice). */
  duplicates: number;
  conflicts: number;
  listedConflicts: Conflict[];
  listedUnplaceable: string[];
  /** m3's rows once the run is over (filled in by the verification). */
  m3Rows?: number;
}

export interface MergeOptions {
  dryRun: boolean;
  /** Where the put-backs of set-aside indexes wait; the caller settles them after the domain's last table. */
  builds: IndexBuilds;
  prune: boolean;
  previousImport?: string;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Merges one source table into its m3 table, a batch at a time, each batch's writes in one
 * transaction: new records added, changed ones updated by the merge rule, the rest skipped;
 * with `prune`, m3's records the source no longer holds are deleted. A dry run reads and
 * counts only.
 */
export async function mergeTable(
  source: TableSource,
  target: M3TablesRepository,
  options: MergeOptions,
): Promise<TableReport> {
  const report: TableReport = {
    domain: source.domain,
    table: source.target.name,
    sourceTable: source.sourceTable,
    sourceRows: await source.countRows(),
    added: 0,
    updated: 0,
    skipped: 0,
    kept: 0,
    pruned: 0,
    unplaceable: 0,
    cleared: 0,
    duplicates: 0,
    conflicts: 0,
    listedConflicts: [],
    listedUnplaceable: [],
  };
  options.onProgress?.(0, report.sourceRows);
  // Into an empty table, rows with identities of their own are all new: no look-ups.
  const allNew = source.uniqueIdentities && (await target.countRows(source.target.name)) === 0;
  const setAside =
    allNew &&
    !options.dryRun &&
    report.sourceRows >= SET_ASIDE_FROM_ROWS &&
    (await target.setAside.setAside(source.target.name, uniqueValueColumns(source.target.name)));
  // A table that keeps its foreign keys loads once the rows its keys point to are settled.
  if (!setAside) await options.builds.settle();
  try {
    await mergeBatches(source, target, options, report, allNew);
  } catch (error) {
    // The next run puts them back too; the merge's own error is the one reported.
    await options.builds.settle().catch(() => undefined);
    if (setAside) await target.setAside.putBack(source.target.name).catch(() => undefined);
    throw error;
  }
  if (setAside) {
    options.builds.schedule(async () => {
      for (const orphans of await target.setAside.putBack(source.target.name)) {
        report.added -= orphans.rows;
        report.unplaceable += orphans.rows;
        listIn(report.listedUnplaceable, orphanLine(orphans));
      }
    });
  }
  if (options.prune) report.pruned = await prune(source, target, options.dryRun);
  return report;
}

export function orphanLine(orphans: OrphanRows): string {
  return `${orphans.table}: ${orphans.rows} rows whose ${orphans.column} is not in ${orphans.parentTable} (its row was not placeable), not imported`;
}

async function mergeBatches(
  source: TableSource,
  target: M3TablesRepository,
  options: MergeOptions,
  report: TableReport,
  allNew: boolean,
): Promise<void> {
  let done = 0;
  for await (const batch of readAhead(source.batches())) {
    report.unplaceable += batch.unplaceable.length;
    for (const reason of batch.unplaceable) listIn(report.listedUnplaceable, reason);
    const unique = new Map<string, M3Row>();
    for (const row of batch.rows) {
      const identity = identityOf(row, source.target.identity);
      if (!unique.has(identity)) unique.set(identity, row);
      else report.duplicates += 1;
    }
    await target.storage.transaction(async (manager) => {
      const existing = new Map(
        (allNew ? [] : await target.findByIdentity(manager, source.target, [...unique.values()])).map(
          (row) => [identityOf(row, source.target.identity), row],
        ),
      );
      const added: M3Row[] = [];
      const updated: M3Row[] = [];
      for (const [identity, row] of unique) {
        const current = existing.get(identity);
        const decision = decideMerge({
          source: row,
          target: current,
          columns: source.columns,
          lastUpdated: source.lastUpdated,
          previousImport: options.previousImport,
        });
        if (decision.action === "add") added.push(row);
        else if (decision.action === "update") updated.push(row);
        else if (decision.action === "keep") report.kept += 1;
        else report.skipped += 1;
        if (decision.conflict && current && source.lastUpdated) {
          report.conflicts += 1;
          listIn(report.listedConflicts, {
            record: identity.replaceAll("\u0000", "/"),
            winner: decision.action === "keep" ? "m3" : "source",
            sourceUpdated: String(row[source.lastUpdated]),
            m3Updated: String(current[source.lastUpdated]),
          });
        }
      }
      const writes = await settleUniqueValues(manager, target, source.target, [...added, ...updated]);
      const adds = writes.rows.filter((row) => !existing.has(identityOf(row, source.target.identity)));
      // A record whose cleared value was all that differed is as m3 holds it already.
      const updates = writes.rows.filter((row) => {
        const current = existing.get(identityOf(row, source.target.identity));
        if (!current) return false;
        if (differingColumns(row, current, source.columns).length > 0) return true;
        report.skipped += 1;
        return false;
      });
      report.unplaceable += writes.skipped.length;
      for (const line of [...writes.skipped, ...writes.cleared]) listIn(report.listedUnplaceable, line);
      report.cleared += writes.cleared.length;
      report.added += adds.length;
      report.updated += updates.length;
      if (options.dryRun) return;
      await target.insert(manager, source.target.name, source.columns, adds);
      for (const row of updates) await target.update(manager, source.target, source.columns, row);
    });
    done += batch.rows.length + batch.unplaceable.length;
    options.onProgress?.(done, report.sourceRows);
  }
}

const PRUNE_BATCH = 1000;

async function prune(source: TableSource, target: M3TablesRepository, dryRun: boolean): Promise<number> {
  let pruned = 0;
  for await (const batch of target.readBatches(source.target, PRUNE_BATCH)) {
    const held = await source.stillHeld(batch);
    const gone = batch.filter((row) => !held.has(identityOf(row, source.target.identity)));
    pruned += gone.length;
    if (!dryRun && gone.length > 0) {
      await target.storage.transaction((manager) => target.delete(manager, source.target, gone));
    }
  }
  return pruned;
}

function listIn<T>(list: T[], item: T): void {
  if (list.length < LISTED_PER_TABLE) list.push(item);
}

import type { DatabaseTarget } from "../../../../services/kit/storage/database-url.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import type { LegacyDomain } from "../legacy/legacy-mapping.js";
import { IndexBuilds } from "../merge/index-builds.js";
import { mergeTable, orphanLine, type TableReport } from "../merge/table-merge.service.js";
import type { TableSource } from "../merge/table-source.js";
import { ImportRunsRepository } from "../target/import-runs.repository.js";
import type { M3TablesRepository } from "../target/m3-tables.repository.js";
import { withBoxIndexAside } from "./box-index-aside.js";
import { withCountTriggersAside } from "./histogram-counts-aside.js";
import { ImportRefusedError, type ImportReport, type UncarriedTable } from "./import-report.js";
import { DOMAIN_CATALOGUES, dataTableNames, TargetDomains } from "./target-domains.js";

/** A source opened and checked: its tables per domain, read as m3 rows. */
export interface ImportSource {
  /** The source as the report names it (passwords redacted); also the key of its previous runs. */
  description: string;
  domains: LegacyDomain[];
  tables(domain: LegacyDomain): TableSource[];
  uncarried(): Promise<UncarriedTable[]>;
  /** What an operator should look at in the source (accounts whose role oni spells otherwise). */
  notes(): Promise<string[]>;
  close(): Promise<void>;
}

export interface ImportRunOptions {
  source: ImportSource;
  databases: Readonly<Record<LegacyDomain, DatabaseTarget>>;
  /** A first import into a non-empty domain is refused without it (legacy imports). */
  requireMergeIntoFilled: boolean;
  merge: boolean;
  prune: boolean;
  dryRun: boolean;
  /** Reads sampled records back through m3's services and compares them (after the writes). */
  verify?: (targets: TargetDomains, report: ImportReport) => Promise<void>;
  onTable?: (table: string, done: number, total: number) => void;
}

/**
 * One import: checks every target domain first (a legacy import into a domain that holds rows
 * and was never imported from this source is refused unless --merge), then merges table
 * after table, parents first, and records the run; a dry run reads and counts only.
 */
export async function runImport(options: ImportRunOptions): Promise<ImportReport> {
  const started = performance.now();
  const startedAt = Instant.now().toSql();
  const { source } = options;
  const targets = await TargetDomains.open(source.domains, options.databases).catch(async (error) => {
    await source.close();
    throw error;
  });
  try {
    const previous = new Map<LegacyDomain, string | undefined>();
    for (const domain of source.domains) {
      const runs = new ImportRunsRepository(targets.of(domain).storage);
      const last = await runs.previous(source.description, domain);
      previous.set(domain, last?.startedAt);
      if (!last && options.requireMergeIntoFilled && !options.merge) {
        const filled = await targets.of(domain).filledTables(dataTableNames(domain));
        if (filled.length > 0) {
          throw new ImportRefusedError(
            `the ${domain} domain already holds rows (${filled.join(", ")}) and was never imported from ${source.description}: ` +
              "import into an empty m3, or pass --merge to merge into it (the newer last-updated time wins)",
          );
        }
      }
    }
    const repairs: string[] = [];
    if (!options.dryRun) {
      for (const domain of source.domains) {
        // What an interrupted run set aside is made again before anything is read or written.
        for (const orphans of await targets.of(domain).setAside.putBack())
          repairs.push(`left by an interrupted run: ${orphanLine(orphans)}`);
        await new ImportRunsRepository(targets.of(domain).storage).begin({
          source: source.description,
          domain,
          startedAt,
        });
      }
    }
    const tables: TableReport[] = [];
    for (const domain of source.domains) {
      const target = targets.of(domain);
      const sources = source.tables(domain);
      const mergeDomain = async () => {
        const builds = new IndexBuilds();
        for (const table of sources) {
          const label = `${domain}.${table.target.name}`;
          tables.push(
            await mergeTable(table, target, {
              dryRun: options.dryRun,
              prune: options.prune,
              previousImport: previous.get(domain),
              builds,
              onProgress: (done, total) => options.onTable?.(label, done, total),
            }),
          );
        }
        await builds.settle();
      };
      if (options.dryRun) await mergeDomain();
      else if (domain !== "annotation") await mergeDomain();
      else {
        const newRows = await rowsToAdd(sources, target);
        await withCountTriggersAside(target.storage, newRows, () =>
          withBoxIndexAside(target.storage, newRows, mergeDomain),
        );
      }
      if (!options.dryRun) await finishDomain(domain, targets);
    }
    for (const table of tables)
      table.m3Rows = await targets.of(table.domain as LegacyDomain).countRows(table.table);
    const report: ImportReport = {
      source: source.description,
      dryRun: options.dryRun,
      tables,
      uncarried: await source.uncarried(),
      notes: [...repairs, ...(await source.notes())],
      sampled: {},
      mismatches: [],
      unchanged: tables.every((table) => table.added + table.updated + table.pruned === 0),
      seconds: 0,
    };
    if (!options.dryRun) {
      await options.verify?.(targets, report);
      const finishedAt = Instant.now().toSql();
      for (const domain of source.domains) {
        await new ImportRunsRepository(targets.of(domain).storage).finish({
          source: source.description,
          domain,
          startedAt,
          finishedAt,
        });
      }
    }
    report.seconds = (performance.now() - started) / 1000;
    return report;
  } finally {
    await targets.close();
    await source.close();
  }
}

/** How many more rows the source's tables hold than m3's: at least the rows this run adds. */
async function rowsToAdd(sources: readonly TableSource[], target: M3TablesRepository): Promise<number> {
  let difference = 0;
  for (const table of sources)
    difference += (await table.countRows()) - (await target.countRows(table.target.name));
  return difference;
}

/** After explicit ids went in: the counters of the tables m3 numbers itself continue above them; the kb's caches reload. */
async function finishDomain(domain: LegacyDomain, targets: TargetDomains): Promise<void> {
  const target = targets.of(domain);
  await target.storage.transaction(async (manager) => {
    for (const [table, shape] of Object.entries(DOMAIN_CATALOGUES[domain])) {
      for (const [column, type] of Object.entries(shape.columns)) {
        if (type === "serial") await target.continueSequences(manager, table, column);
      }
    }
    if (domain === "kb") await manager.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
  });
}

import type { TableReport } from "../merge/table-merge.service.js";

/** Legacy tables m3 does not carry (audit trails, old tables), with their rows, so nothing is lost unseen. */
export interface UncarriedTable {
  domain: string;
  table: string;
  rows: number;
  why: string;
}

/** A sampled record read back through m3's services that differs from the source. */
export interface Mismatch {
  kind: "annotation" | "video" | "concept";
  record: string;
  field: string;
  source: unknown;
  m3: unknown;
}

export interface ImportReport {
  source: string;
  dryRun: boolean;
  tables: TableReport[];
  uncarried: UncarriedTable[];
  notes: string[];
  /** Records sampled per kind and read back through m3's services. */
  sampled: Record<string, number>;
  mismatches: Mismatch[];
  /** True when nothing was added, updated, kept or pruned: the run changed nothing. */
  unchanged: boolean;
  seconds: number;
}

/** An import refused before anything was written (the reason is the message). */
export class ImportRefusedError extends Error {
  override name = "ImportRefusedError";
}

/** Whether the report ends the command with a failure: a sampled record or a table's count differs. */
export function reportFails(report: ImportReport): boolean {
  if (report.mismatches.length > 0) return true;
  return (
    !report.dryRun &&
    report.tables.some(
      (table) =>
        table.m3Rows !== undefined && table.m3Rows < table.sourceRows - table.unplaceable - table.duplicates,
    )
  );
}

/** The report for people: one line per table, then what was not carried and what differs. */
export function reportText(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? "dry run: nothing written; " : ""}from ${report.source}`,
    "table                                    source      m3   added updated skipped    kept  pruned unplaceable conflicts",
    ...report.tables.map((table) =>
      [
        `${table.domain}.${table.table}`.padEnd(40),
        ...[
          table.sourceRows,
          table.m3Rows ?? "-",
          table.added,
          table.updated,
          table.skipped,
          table.kept,
          table.pruned,
        ].map((value) => String(value).padStart(7)),
        String(table.unplaceable).padStart(11),
        String(table.conflicts).padStart(9),
      ].join(" "),
    ),
    ...report.tables.flatMap((table) =>
      table.listedConflicts.map(
        (conflict) =>
          `conflict ${table.domain}.${table.table} ${conflict.record}: ${conflict.winner} is newer (source ${conflict.sourceUpdated}, m3 ${conflict.m3Updated})`,
      ),
    ),
    ...report.tables.flatMap((table) => table.listedUnplaceable.map((reason) => `not imported: ${reason}`)),
    ...report.notes.map((note) => `note: ${note}`),
    ...report.uncarried.map(
      (table) => `not carried: ${table.domain} ${table.table}, ${table.rows} rows (${table.why})`,
    ),
    ...Object.entries(report.sampled).map(
      ([kind, count]) => `verified ${count} ${kind}s through m3's services`,
    ),
    ...report.mismatches.map(
      (mismatch) =>
        `MISMATCH ${mismatch.kind} ${mismatch.record} ${mismatch.field}: source ${JSON.stringify(mismatch.source)}, m3 ${JSON.stringify(mismatch.m3)}`,
    ),
    report.unchanged ? "nothing changed: m3 already held every record" : "",
  ];
  return lines.filter((line) => line !== "").join("\n");
}

/**
 * What the soak benchmark counts and prints: requests, errors (with the first distinct
 * examples) and latencies per route group over a stretch of time, each minute's report and
 * the markdown summary at the end.
 */
import { loadAverage } from "../harness/machine.js";
import type { MemoryRow, ProcessMinute } from "./soak-meter.js";

const EXAMPLES_PER_WINDOW = 5;
/** Distinct kinds of error counted (the rest are counted as "other"). */
const KINDS_COUNTED = 50;

/** The outcomes of the requests that finished within one stretch (a minute, or the whole run). */
export class SoakWindow {
  requests = 0;
  errors = 0;
  private readonly groups = new Map<string, { millis: number[]; errors: number }>();
  /** The first few distinct errors, by what failed and how. */
  readonly examples = new Map<string, string>();
  /** How many errors of each kind (what failed, the status, the message without numbers). */
  readonly kinds = new Map<string, number>();

  record(
    group: string,
    millis: number,
    error?: { operation: string; status: number; message: string },
  ): void {
    this.requests++;
    const stats = this.groups.get(group) ?? { millis: [], errors: 0 };
    this.groups.set(group, stats);
    stats.millis.push(millis);
    if (!error) return;
    this.errors++;
    stats.errors++;
    const kind = `${error.operation}: ${error.status} ${error.message.replace(/[0-9a-f-]{36}|\d+/g, "#").slice(0, 80)}`;
    const counted = this.kinds.has(kind) || this.kinds.size < KINDS_COUNTED ? kind : "other";
    this.kinds.set(counted, (this.kinds.get(counted) ?? 0) + 1);
    if (this.examples.size < EXAMPLES_PER_WINDOW && !this.examples.has(kind)) {
      this.examples.set(kind, `${error.operation}: ${error.message.slice(0, 300)}`);
    }
  }

  /** Per group, in the order given: requests, errors, p50 and p99 in ms. */
  rows(
    order: readonly string[],
  ): { group: string; requests: number; errors: number; p50: number; p99: number }[] {
    return order.flatMap((group) => {
      const stats = this.groups.get(group);
      if (!stats) return [];
      const sorted = Float64Array.from(stats.millis).sort();
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return [{ group, requests: sorted.length, errors: stats.errors, p50: at(0.5), p99: at(0.99) }];
    });
  }
}

/** One minute's report: memory, requests, errors with examples, latencies per group. */
export function minuteReport(
  minute: number,
  window: SoakWindow,
  processes: ReadonlyMap<string, ProcessMinute>,
  groups: readonly string[],
  outstanding: number,
  /** The longest the bench's own event loop was held up: a stall here delays sends, then bursts them. */
  clientDelayMaxMillis: number,
): string {
  const memory = [...processes]
    .map(([name, { rssMb, cpuPercent }]) => `${name} ${rssMb.toFixed(0)} (${cpuPercent.toFixed(0)}%)`)
    .join(", ");
  const lines = [
    `minute ${minute}: ${window.requests} requests, ${window.errors} errors, ${outstanding} outstanding; load average ${loadAverage()}; the bench's event loop held up ${clientDelayMaxMillis.toFixed(0)} ms at most`,
    `  RSS MB, median of the minute (CPU % of a core): ${memory}`,
  ];
  for (const example of window.examples.values()) lines.push(`  error: ${example}`);
  for (const row of window.rows(groups)) {
    lines.push(
      `  ${row.group.padEnd(18)} ${String(row.requests).padStart(6)} req ${String(row.errors).padStart(4)} err  p50 ${row.p50.toFixed(1).padStart(7)} ms  p99 ${row.p99.toFixed(1).padStart(8)} ms`,
    );
  }
  return lines.join("\n");
}

/** The markdown summary: memory growth per process and the run's latencies and errors per group. */
export function summaryTables(
  memory: readonly MemoryRow[],
  baselineMinute: number,
  total: SoakWindow,
  groups: readonly string[],
  growthGoalPercent: number,
): string {
  const lines = [
    `| process | RSS in minute ${baselineMinute} MB | RSS in the last minute MB | growth | trend from minute ${baselineMinute} | peak MB | CPU % of a core | growth < ${growthGoalPercent}% (trend) |`,
    "|---|---|---|---|---|---|---|---|",
  ];
  const signed = (percent: number) => `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%`;
  for (const row of memory) {
    const growth = row.baselineMb > 0 ? ((row.endMb - row.baselineMb) / row.baselineMb) * 100 : 0;
    const met = row.goal ? (row.trendPercent < growthGoalPercent ? "yes" : "no") : "(not m3)";
    lines.push(
      `| ${row.name} | ${row.baselineMb.toFixed(0)} | ${row.endMb.toFixed(0)} | ${signed(growth)} | ${signed(row.trendPercent)} | ${row.peakMb.toFixed(0)} | ${row.cpuPercent.toFixed(0)} | ${met} |`,
    );
  }
  lines.push("", "| route group | requests | errors | p50 ms | p99 ms |", "|---|---|---|---|---|");
  for (const row of total.rows(groups)) {
    lines.push(
      `| ${row.group} | ${row.requests} | ${row.errors} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`,
    );
  }
  lines.push(`| **all** | ${total.requests} | ${total.errors} | | |`);
  if (total.kinds.size > 0) {
    lines.push("", "| error | count |", "|---|---|");
    const kinds = [...total.kinds].sort((a, b) => b[1] - a[1]);
    for (const [kind, count] of kinds) lines.push(`| ${kind.replaceAll("|", "\\|")} | ${count} |`);
  }
  return lines.join("\n");
}

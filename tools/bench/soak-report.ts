/**
 * What the soak benchmark counts and prints: requests, errors (with the first distinct
 * examples) and latencies per route group over a stretch of time, each process's resident
 * memory from /proc (Linux), and the markdown summary at the end.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

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

/** Resident memory in MB of a process (VmRSS of /proc/<pid>/status); 0 when it has gone. */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time in seconds a process has used so far (utime + stime of /proc/<pid>/stat); 0 when gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** USER_HZ: 100 on every Linux architecture m3 runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A process's memory and CPU over one minute. */
export interface ProcessMinute {
  rssMb: number;
  /** CPU used over the minute, in % of one core. */
  cpuPercent: number;
}

/** The one-minute load average, with the number it is out of. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

/** One minute's report: memory, requests, errors with examples, latencies per group. */
export function minuteReport(
  minute: number,
  window: SoakWindow,
  processes: ReadonlyMap<string, ProcessMinute>,
  groups: readonly string[],
  outstanding: number,
): string {
  const memory = [...processes]
    .map(([name, { rssMb, cpuPercent }]) => `${name} ${rssMb.toFixed(0)} (${cpuPercent.toFixed(0)}%)`)
    .join(", ");
  const lines = [
    `minute ${minute}: ${window.requests} requests, ${window.errors} errors, ${outstanding} outstanding; load average ${loadAverage()}`,
    `  RSS MB (CPU % of a core): ${memory}`,
  ];
  for (const example of window.examples.values()) lines.push(`  error: ${example}`);
  for (const row of window.rows(groups)) {
    lines.push(
      `  ${row.group.padEnd(18)} ${String(row.requests).padStart(6)} req ${String(row.errors).padStart(4)} err  p50 ${row.p50.toFixed(1).padStart(7)} ms  p99 ${row.p99.toFixed(1).padStart(8)} ms`,
    );
  }
  return lines.join("\n");
}

export interface MemoryRow {
  name: string;
  /** RSS after minute 2 (or the first minute of a shorter run). */
  baselineMb: number;
  endMb: number;
  peakMb: number;
  /** CPU over the whole run, in % of one core. */
  cpuPercent: number;
  /** Whether the goal applies (m3's processes; not MariaDB or the bench). */
  goal: boolean;
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
    `| process | RSS after minute ${baselineMinute} MB | RSS at end MB | growth | peak MB (5 s samples) | CPU % of a core | growth < ${growthGoalPercent}% |`,
    "|---|---|---|---|---|---|---|",
  ];
  for (const row of memory) {
    const growth = row.baselineMb > 0 ? ((row.endMb - row.baselineMb) / row.baselineMb) * 100 : 0;
    const met = row.goal ? (growth < growthGoalPercent ? "yes" : "no") : "(not m3)";
    lines.push(
      `| ${row.name} | ${row.baselineMb.toFixed(0)} | ${row.endMb.toFixed(0)} | ${growth >= 0 ? "+" : ""}${growth.toFixed(1)}% | ${row.peakMb.toFixed(0)} | ${row.cpuPercent.toFixed(0)} | ${met} |`,
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

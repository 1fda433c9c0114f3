/**
 * Each process's resident memory and CPU time, read from /proc (Linux) by PID. RSS is sampled
 * every few seconds and a minute is summed up by the median of its samples: V8 grows and
 * shrinks a process's young generation by tens of MB within a minute, so one reading would
 * say more about when it was taken than about a trend. For the same reason the growth is also
 * given as a trend: a straight line fitted through every sample from the baseline minute on, so
 * a process whose RSS saws up and down between collections is not judged by the phase of the
 * saw in two minutes.
 */
import { readFileSync } from "node:fs";

/** USER_HZ: 100 on every Linux architecture m3 runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A process's memory and CPU over one minute. */
export interface ProcessMinute {
  /** Median of the minute's RSS samples. */
  rssMb: number;
  /** CPU used over the minute, in % of one core. */
  cpuPercent: number;
}

export interface MemoryRow {
  name: string;
  /** Median RSS in the baseline minute (minute 2, or the first of a shorter run). */
  baselineMb: number;
  /** Median RSS in the last minute. */
  endMb: number;
  /** Growth from the baseline minute to the end along the line fitted through their samples, in %. */
  trendPercent: number;
  peakMb: number;
  /** CPU over the whole run, in % of one core. */
  cpuPercent: number;
  /** Whether the growth goal applies (m3's processes; not MariaDB or the bench). */
  goal: boolean;
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
    // The fields after the command (which may hold spaces) start at field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The growth along the least-squares line through samples taken at even intervals, from the
 * line's value at the first sample to its value at the last, in % of the first; 0 for fewer
 * than two samples.
 */
export function trendGrowthPercent(samples: readonly number[]): number {
  const count = samples.length;
  if (count < 2) return 0;
  const meanX = (count - 1) / 2;
  const meanY = samples.reduce((sum, value) => sum + value, 0) / count;
  let covariance = 0;
  let variance = 0;
  samples.forEach((value, index) => {
    covariance += (index - meanX) * (value - meanY);
    variance += (index - meanX) ** 2;
  });
  const slope = covariance / variance;
  const first = meanY - slope * meanX;
  return first > 0 ? ((slope * (count - 1)) / first) * 100 : 0;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export class ProcessMeter {
  /** Per minute (the current one last), each process's RSS samples. */
  private readonly minutes: Map<string, number[]>[] = [new Map()];
  private readonly peaks = new Map<string, number>();
  private readonly cpuAtStart: Map<string, number>;
  private cpuBefore: Map<string, number>;
  private readonly started = performance.now();
  private minuteStarted = this.started;

  constructor(private readonly processes: ReadonlyMap<string, number>) {
    this.cpuAtStart = this.cpu();
    this.cpuBefore = this.cpuAtStart;
  }

  sample(): void {
    const current = this.minutes[this.minutes.length - 1] as Map<string, number[]>;
    for (const [name, pid] of this.processes) {
      const mb = rssMb(pid);
      current.set(name, [...(current.get(name) ?? []), mb]);
      this.peaks.set(name, Math.max(this.peaks.get(name) ?? 0, mb));
    }
  }

  /** Closes the current minute (with a last sample) and returns its figures. */
  endMinute(): Map<string, ProcessMinute> {
    this.sample();
    const cpu = this.cpu();
    const seconds = (performance.now() - this.minuteStarted) / 1000;
    const current = this.minutes[this.minutes.length - 1] as Map<string, number[]>;
    const figures = new Map(
      [...this.processes.keys()].map((name) => [
        name,
        {
          rssMb: median(current.get(name) ?? []),
          cpuPercent: (((cpu.get(name) ?? 0) - (this.cpuBefore.get(name) ?? 0)) / seconds) * 100,
        },
      ]),
    );
    this.minutes.push(new Map());
    this.cpuBefore = cpu;
    this.minuteStarted = performance.now();
    return figures;
  }

  /** The minute the growth is measured from: minute 2, or the first of a shorter run. */
  baselineMinute(wanted: number): number {
    return Math.max(1, Math.min(wanted, this.minutes.length - 1));
  }

  /** Per process: median RSS in the baseline minute and in the last one, peak, CPU over the run. */
  rows(baselineMinute: number, goal: (name: string) => boolean): MemoryRow[] {
    const closed = this.minutes.slice(0, -1);
    const baseline = closed[baselineMinute - 1] ?? new Map<string, number[]>();
    const last = closed[closed.length - 1] ?? new Map<string, number[]>();
    const seconds = (performance.now() - this.started) / 1000;
    return [...this.processes.keys()].map((name) => ({
      name,
      baselineMb: median(baseline.get(name) ?? []),
      endMb: median(last.get(name) ?? []),
      trendPercent: trendGrowthPercent(
        closed.slice(baselineMinute - 1).flatMap((minute) => minute.get(name) ?? []),
      ),
      peakMb: this.peaks.get(name) ?? 0,
      cpuPercent: (((this.cpuBefore.get(name) ?? 0) - (this.cpuAtStart.get(name) ?? 0)) / seconds) * 100,
      goal: goal(name),
    }));
  }

  private cpu(): Map<string, number> {
    return new Map([...this.processes].map(([name, pid]) => [name, cpuSeconds(pid)]));
  }
}

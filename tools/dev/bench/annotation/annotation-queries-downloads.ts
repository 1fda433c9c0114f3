/**
 * The download part of bench:annotation-queries: every row of the view as TSV, in each order,
 * through one deployment of m3 (the gateway and the service as separate processes, or the
 * all-in-one with its in-process calls), each download followed by its floor; rows/s, the CPU
 * seconds and the peak memory of each m3 process.
 */

import { processTreeCpuSeconds } from "../harness/process-cpu.js";
import { DOWNLOADS } from "./annotation-queries-floor.js";
import { countDownloadedLines, PeakMemory } from "./annotation-queries-process.js";

const ROWS_GOAL = 100_000;

/** m3 as one deployment runs it: its HTTP port and its processes, named. */
export interface DownloadTarget {
  deployment: string;
  port: number;
  processes: readonly { name: string; pid: number }[];
}

export interface DownloadRun {
  deployment: string;
  label: string;
  m3Seconds: number;
  floorSeconds: number;
  /** Per process: its name, CPU seconds and peak RSS in MB over the download. */
  processes: { name: string; cpuSeconds: number; peakMb: number }[];
}

/** `runs` downloads per order through `target`, each checked against the floor's row count. */
export async function measureDownloads(
  target: DownloadTarget,
  runs: number,
  floorRows: number,
  floor: (order: readonly string[]) => Promise<number>,
): Promise<DownloadRun[]> {
  const measured: DownloadRun[] = [];
  for (const download of DOWNLOADS) {
    for (let run = 0; run < runs; run++) {
      const memories = target.processes.map(({ pid }) => new PeakMemory(pid));
      for (const memory of memories) memory.start();
      const cpuBefore = target.processes.map(({ pid }) => processTreeCpuSeconds(pid));
      const started = performance.now();
      const lines = await countDownloadedLines(target.port, "/anno/v1/query/download", download.body);
      const m3Seconds = (performance.now() - started) / 1000;
      const processes = target.processes.map(({ name, pid }, at) => ({
        name,
        cpuSeconds: processTreeCpuSeconds(pid) - (cpuBefore[at] as number),
        peakMb: (memories[at] as PeakMemory).stop(),
      }));
      if (lines === undefined || lines - 1 !== floorRows) {
        throw new Error(`download (${target.deployment}): ${lines} lines, the view has ${floorRows} rows`);
      }
      const floorStarted = performance.now();
      await floor(download.order);
      const floorSeconds = (performance.now() - floorStarted) / 1000;
      measured.push({
        deployment: target.deployment,
        label: download.label,
        m3Seconds,
        floorSeconds,
        processes,
      });
    }
  }
  return measured;
}

/** The downloads' markdown table; memory is met when every process stays under `memoryGoalMb`. */
export function downloadsTable(
  runs: readonly DownloadRun[],
  floorRows: number,
  memoryGoalMb: number,
): string {
  const lines = [
    `| POST /anno/v1/query/download, every column and row (${floorRows} rows), in order: | m3 runs as | m3 s | m3 rows/s | floor s | floor rows/s | vs floor | CPU s per process | peak MB per process | rows/s met (>= ${ROWS_GOAL}) | memory met (< ${memoryGoalMb} MB) |`,
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { deployment, label, m3Seconds, floorSeconds, processes } of runs) {
    const rate = floorRows / m3Seconds;
    const floorRate = floorRows / floorSeconds;
    const cpu = processes.map(({ name, cpuSeconds }) => `${name} ${cpuSeconds.toFixed(1)}`).join(", ");
    const peaks = processes.map(({ name, peakMb }) => `${name} ${peakMb.toFixed(0)}`).join(", ");
    const memoryMet = processes.every(({ peakMb }) => peakMb < memoryGoalMb);
    lines.push(
      `| ${label} | ${deployment} | ${m3Seconds.toFixed(1)} | ${Math.round(rate)} | ${floorSeconds.toFixed(1)} | ${Math.round(floorRate)} | ${(rate / floorRate).toFixed(2)}x | ${cpu} | ${peaks} | ${rate >= ROWS_GOAL ? "yes" : "no"} | ${memoryMet ? "yes" : "no"} |`,
    );
  }
  return lines.join("\n");
}

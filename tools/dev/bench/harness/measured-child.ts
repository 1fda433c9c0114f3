import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

/** A child process's run: what it printed, its peak RSS, its wall time and the load around it. */
export interface MeasuredRun {
  stdout: string;
  peakMb: number;
  wallSeconds: number;
  /** The 1-minute load average when it started and when it ended. */
  load: [number, number];
}

/**
 * Runs a command as a child process and takes its peak RSS from the kernel (VmHWM in
 * /proc/<pid>/status, read every 20 ms: the last read before it exits is its peak). Throws
 * with the end of its stderr when it fails, or when it has not ended after `timeoutSeconds`
 * (it is killed then).
 */
export async function runMeasured(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  timeoutSeconds = Number.POSITIVE_INFINITY,
): Promise<MeasuredRun> {
  const started = performance.now();
  const loadBefore = loadavg()[0] as number;
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let kilobytes = 0;
  const sample = setInterval(() => {
    try {
      const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (match) kilobytes = Math.max(kilobytes, Number(match[1]));
    } catch {
      // Exited between two reads: the last read holds.
    }
  }, 20);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let timedOut = false;
  const timer = Number.isFinite(timeoutSeconds)
    ? setTimeout(() => {
        timedOut = true;
        child.kill("SIGKILL");
      }, timeoutSeconds * 1000)
    : undefined;
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sample);
  clearTimeout(timer);
  if (code !== 0) {
    const why = timedOut ? `had not ended after ${timeoutSeconds} s` : `failed (${code})`;
    throw new Error(`${why}: ${stderr.trim().slice(-1500)}`);
  }
  return {
    stdout,
    peakMb: kilobytes / 1024,
    wallSeconds: (performance.now() - started) / 1000,
    load: [loadBefore, loadavg()[0] as number],
  };
}

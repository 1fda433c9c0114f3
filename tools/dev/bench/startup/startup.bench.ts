/**
 * Start-up benchmark (not a test): the time from launching the all-in-one process, with the
 * command of `npm start` (package.json), until `GET /readyz` answers 200, for
 * - cold: a new, empty data directory each run (SQLite schemas created, secrets generated),
 * - warm: the same data directory again (schemas at head, secrets read back),
 * - cold, no transpile cache: a new data directory, npm start's transpiled copy of the sources
 *   (.tmp/start) removed and tsx's disk cache off (TSX_DISABLE_CACHE), as after a fresh clone,
 * - through npm (--npm): `npm start` itself, npm's own start-up included.
 * Each run gets a free loopback port, logs at the default level (info), and is killed by its
 * PID (npm's whole process group with --npm) once ready. The phases come from the log: the
 * gateway's port open (modules loaded), every domain serving gRPC, the gateway routing.
 * M3_WORKERS is the default (the cores available) unless BENCH_WORKERS sets it; the CPU column
 * counts the workers too.
 * Run: npm run bench:startup [-- --runs 5 --npm]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRANSPILED_ROOT } from "../../../m3/start/transpiled-tree.mjs";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";

const RUNS = Number(argumentValue("--runs") ?? process.env.BENCH_RUNS ?? 5);
const THROUGH_NPM = process.argv.includes("--npm");
const READY_TIMEOUT_MILLIS = 60_000;
const POLL_MILLIS = 10;

/** One start: milliseconds from launch to each phase's end, the last one /readyz = 200. */
interface StartTiming {
  portOpen?: number;
  domainsServing?: number;
  routing?: number;
  ready: number;
  /** CPU time (user + system, every thread) the process used until ready: steadier than wall time on a busy machine. */
  cpu?: number;
}

interface Scenario {
  name: string;
  /** A data directory per run, or one shared by every run (created by an unmeasured first start). */
  freshDataDir: boolean;
  /** Removes npm start's transpiled copy of the sources before each run. */
  noTranspileCache?: boolean;
  npm?: boolean;
}

const scenarios: Scenario[] = [
  { name: "cold (new data dir)", freshDataDir: true },
  { name: "warm (same data dir)", freshDataDir: false },
  { name: "cold, no transpile cache", freshDataDir: true, noTranspileCache: true },
  ...(THROUGH_NPM
    ? [
        { name: "npm start, cold", freshDataDir: true, npm: true },
        { name: "npm start, warm", freshDataDir: false, npm: true },
      ]
    : []),
];

const startCommand = npmStartCommand();
console.log(`startup benchmark: ${RUNS} runs per scenario of\n  ${startCommand.join(" ")}\n`);
const results: { scenario: Scenario; timings: StartTiming[] }[] = [];
for (const scenario of scenarios) {
  const shared = scenario.freshDataDir ? undefined : mkdtempSync(join(tmpdir(), "m3-startup-"));
  try {
    if (shared) await startOnce(scenario, shared);
    const timings: StartTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dataDir = shared ?? mkdtempSync(join(tmpdir(), "m3-startup-"));
      try {
        timings.push(await startOnce(scenario, dataDir));
      } finally {
        if (!shared) rmSync(dataDir, { recursive: true, force: true });
      }
    }
    results.push({ scenario, timings });
    console.log(`${scenario.name}: ${timings.map((timing) => timing.ready.toFixed(0)).join(", ")} ms`);
  } finally {
    if (shared) rmSync(shared, { recursive: true, force: true });
  }
}

console.log("\n| scenario | runs | min ms | median ms | max ms | median CPU ms |\n|---|---|---|---|---|---|");
for (const { scenario, timings } of results) {
  const ready = timings.map((timing) => timing.ready);
  console.log(
    `| ${scenario.name} | ${ready.length} | ${min(ready)} | ${median(ready)} | ${Math.round(Math.max(...ready))} | ${median(timings.flatMap((timing) => timing.cpu ?? []))} |`,
  );
}
console.log(
  "\nmedian phase ends (ms from launch): modules loaded and gateway port open, every domain serving gRPC, gateway routing, /readyz = 200",
);
console.log("| scenario | port open | domains serving | routing | ready |\n|---|---|---|---|---|");
for (const { scenario, timings } of results) {
  const phase = (key: keyof StartTiming) => median(timings.flatMap((timing) => timing[key] ?? []));
  console.log(
    `| ${scenario.name} | ${phase("portOpen")} | ${phase("domainsServing")} | ${phase("routing")} | ${phase("ready")} |`,
  );
}

/** `npm start`'s command line (package.json), with this node binary. */
function npmStartCommand(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (manifest.scripts.start ?? "").split(/\s+/).filter(Boolean);
  if (program !== "node") throw new Error(`npm start does not run node: ${manifest.scripts.start}`);
  return [process.execPath, ...args];
}

async function startOnce(scenario: Scenario, dataDir: string): Promise<StartTiming> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = withoutM3Settings(process.env);
  if (scenario.noTranspileCache) {
    rmSync(TRANSPILED_ROOT, { recursive: true, force: true });
    env.TSX_DISABLE_CACHE = "1";
  }
  Object.assign(env, { PORT: String(port), M3_HOST: "127.0.0.1", M3_DATA_DIR: dataDir });
  if (process.env.BENCH_WORKERS) env.M3_WORKERS = process.env.BENCH_WORKERS;
  const launchedAt = Date.now();
  const started = performance.now();
  const child = scenario.npm
    ? spawn("npm", ["start", "--silent"], {
        cwd: REPO_ROOT,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      })
    : spawn(startCommand[0] ?? "node", startCommand.slice(1), {
        cwd: REPO_ROOT,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
  const output = collectOutput(child);
  try {
    await waitUntilReady(port, child, output);
    const ready = performance.now() - started;
    const cpu = scenario.npm ? undefined : cpuMillis(child.pid);
    return { ...phasesFromLog(output.stdout(), launchedAt), ready, cpu };
  } finally {
    await kill(child, scenario.npm === true);
  }
}

/** Linux: the user + system time so far of the process and its workers (all their threads), from /proc. */
function cpuMillis(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : processTreeCpuSeconds(pid) * 1000;
}

/** The end of each phase, from the pino lines' epoch-millisecond times. */
function phasesFromLog(stdout: string, launchedAt: number): Omit<StartTiming, "ready"> {
  const lines = stdout.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as { time?: number; msg?: string }];
    } catch {
      return [];
    }
  });
  const lastTimeOf = (message: string) => {
    const times = lines.filter((line) => line.msg === message).map((line) => line.time ?? Number.NaN);
    return times.length > 0 ? Math.max(...times) - launchedAt : undefined;
  };
  return {
    portOpen: lastTimeOf("gateway port open"),
    domainsServing: lastTimeOf("gRPC server listening"),
    routing: lastTimeOf("m3 ready"),
  };
}

async function waitUntilReady(
  port: number,
  child: ChildProcess,
  output: { stdout(): string; stderr(): string },
): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MILLIS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`m3 exited (${child.exitCode ?? child.signalCode}) before ready:\n${output.stderr()}`);
    }
    const status = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MILLIS));
  }
  throw new Error(`/readyz was not 200 after ${READY_TIMEOUT_MILLIS} ms:\n${output.stderr()}`);
}

function collectOutput(child: ChildProcess): { stdout(): string; stderr(): string } {
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  child.stdout?.on("data", (chunk: Buffer) => chunks.stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.stderr.push(chunk));
  return {
    stdout: () => Buffer.concat(chunks.stdout).toString(),
    stderr: () => Buffer.concat(chunks.stderr).toString().slice(-2_000),
  };
}

/** SIGTERM to the child's PID (to npm's process group, so its node child too), then waits for the exit. */
async function kill(child: ChildProcess, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(group ? -child.pid : child.pid, "SIGTERM");
  await exited;
}

/** The inherited environment minus m3's own settings, so every run starts on the defaults. */
function withoutM3Settings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith("M3_") && !name.startsWith("OTEL_")),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function argumentValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function median(values: readonly number[]): string {
  if (values.length === 0) return "-";
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return String(Math.round(value ?? 0));
}

function min(values: readonly number[]): string {
  return String(Math.round(Math.min(...values)));
}

/**
 * Start-up benchmark (not a test): the time from launching the all-in-one process, with the
 * command of `npm start` (package.json), until `GET /status` answers 200, for
 * - cold: a new, empty data directory each run (SQLite schemas created, secrets generated),
 * - warm: the same data directory again (schemas at head, secrets read back),
 * - cold, no transpile cache: a new data directory, npm start's transpiled copy of the sources
 *   (.tmp/start) removed and tsx's disk cache off (TSX_DISABLE_CACHE), as after a fresh clone,
 * - through npm (--npm): `npm start` itself, npm's own start-up included,
 * beside its floor: node starting a bare node:http server that answers 200, measured the same way.
 *
 * With --fresh-clone (or BENCH_FRESH_CLONE=true), a newcomer's first minute instead: `git clone`
 * of this repository's HEAD (or of --ref <commit>) into a temporary folder, `npm ci` there
 * (timed once; its prepare step builds what it builds), then the first `npm start` and the first
 * `npm start -- --demo` of that clone, each run from the state `npm ci` left (.tmp as it was
 * after the installation, a new data directory, tsx's cache off); the --demo runs also time the
 * banner, printed once the demo data is loaded. --clone <folder> measures a clone installed
 * before (its .tmp after the installation is kept beside it, in <folder>.after-install).
 *
 * The scenarios take turns run after run, so a change in the machine's load falls on all of
 * them; the load average is printed before and after. Each run gets a free loopback port, logs
 * at the default level (info), and is killed by its PID (npm's whole process group through
 * npm) once measured. The phases come from the log: the gateway's port open (modules loaded),
 * every domain serving gRPC, the gateway routing. M3_WORKERS is the default (the cores
 * available) unless BENCH_WORKERS sets it; the CPU column counts the workers too.
 * Run: npm run bench:startup [-- --runs 5 --npm] [-- --fresh-clone --runs 3 [--ref <commit>]]
 */

import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRANSPILED_ROOT } from "../../../m3/start/transpiled-tree.mjs";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { freePort } from "../../fixtures/free-port.js";
import { loadAverage } from "../harness/machine.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";
import { installedClone } from "./fresh-clone.js";

const FRESH_CLONE = process.argv.includes("--fresh-clone") || process.env.BENCH_FRESH_CLONE === "true";
const RUNS = Number(argumentValue("--runs") ?? process.env.BENCH_RUNS ?? (FRESH_CLONE ? 3 : 5));
const THROUGH_NPM = process.argv.includes("--npm");
const READY_TIMEOUT_MILLIS = 120_000;
const POLL_MILLIS = 10;
/** The line of the banner the --demo runs wait for: printed once the demo data is loaded. */
const BANNER_LINE = "m3 is running at";

/** One start: milliseconds from launch to each phase's end, the last one /status = 200. */
interface StartTiming {
  portOpen?: number;
  domainsServing?: number;
  routing?: number;
  ready: number;
  /** The banner printed (with --demo: once the demo data is loaded). */
  banner?: number;
  /** CPU time (user + system, every thread) the process used until ready: steadier than wall time on a busy machine. */
  cpu?: number;
}

interface Scenario {
  name: string;
  /** The folder the command runs in: this checkout, or the fresh clone. */
  cwd: string;
  /** Program and arguments; through npm, npm's whole process group is killed. */
  command: string[];
  npm?: boolean;
  /** A data directory per run, or one shared by every run (created by an unmeasured first start). */
  freshDataDir: boolean;
  /** Run before each measured start (not timed): puts the checkout in the state measured. */
  reset?: () => void;
  env?: Record<string, string>;
  /** Also waits for the banner before stopping the process. */
  untilBanner?: boolean;
  /** Not m3: no data directory, no phases. */
  floor?: boolean;
}

const FLOOR_SCRIPT =
  "require('node:http').createServer((request, response) => response.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";
const floor: Scenario = {
  name: "floor: node, a bare node:http server",
  cwd: REPO_ROOT,
  command: [process.execPath, "-e", FLOOR_SCRIPT],
  freshDataDir: false,
  floor: true,
};

const loadBefore = loadAverage();
const clone = FRESH_CLONE
  ? installedClone({
      ref: argumentValue("--ref"),
      named: argumentValue("--clone"),
      env: withoutM3Settings(process.env),
    })
  : undefined;
const scenarios: Scenario[] = [floor, ...(clone ? freshCloneScenarios(clone) : checkoutScenarios())];

console.log(
  `startup benchmark: ${RUNS} runs per scenario, taking turns; load average ${loadBefore}\n${scenarios
    .filter((scenario) => !scenario.floor)
    .map((scenario) => `  ${scenario.name}: ${scenario.command.join(" ")}`)
    .filter((line, index, lines) => lines.indexOf(line) === index)
    .join("\n")}\n`,
);

const shared = new Map<Scenario, string>();
const results = new Map<Scenario, StartTiming[]>(scenarios.map((scenario) => [scenario, []]));
try {
  for (const scenario of scenarios.filter((scenario) => !scenario.freshDataDir && !scenario.floor)) {
    const dataDir = mkdtempSync(join(tmpdir(), "m3-startup-"));
    shared.set(scenario, dataDir);
    await startOnce(scenario, dataDir);
  }
  for (let run = 0; run < RUNS; run++) {
    for (const scenario of scenarios) {
      const dataDir = shared.get(scenario) ?? mkdtempSync(join(tmpdir(), "m3-startup-"));
      try {
        scenario.reset?.();
        results.get(scenario)?.push(await startOnce(scenario, dataDir));
      } finally {
        if (!shared.has(scenario)) rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  for (const dataDir of shared.values()) rmSync(dataDir, { recursive: true, force: true });
  if (clone?.remove) rmSync(clone.folder, { recursive: true, force: true });
}

for (const [scenario, timings] of results) {
  const banners = timings.flatMap((timing) => (timing.banner === undefined ? [] : [timing.banner]));
  console.log(
    `${scenario.name}: ${timings.map((timing) => timing.ready.toFixed(0)).join(", ")} ms` +
      (banners.length > 0 ? `; banner ${banners.map((millis) => millis.toFixed(0)).join(", ")} ms` : ""),
  );
}
console.log(`load average before ${loadBefore}, after ${loadAverage()}`);

const floorMedian = Number(median((results.get(floor) ?? []).map((timing) => timing.ready)));
console.log(
  "\n| scenario | runs | min ms | median ms | max ms | median - floor ms | median CPU ms |\n|---|---|---|---|---|---|---|",
);
for (const [scenario, timings] of results) {
  const ready = timings.map((timing) => timing.ready);
  const overFloor = scenario.floor ? "-" : String(Number(median(ready)) - floorMedian);
  console.log(
    `| ${scenario.name} | ${ready.length} | ${min(ready)} | ${median(ready)} | ${Math.round(Math.max(...ready))} | ${overFloor} | ${median(timings.flatMap((timing) => timing.cpu ?? []))} |`,
  );
}
console.log(
  "\nmedian phase ends (ms from launch): modules loaded and gateway port open, every domain serving gRPC, gateway routing, /status = 200, the banner printed",
);
console.log(
  "| scenario | port open | domains serving | routing | ready | banner |\n|---|---|---|---|---|---|",
);
for (const [scenario, timings] of results) {
  if (scenario.floor) continue;
  const phase = (key: keyof StartTiming) => median(timings.flatMap((timing) => timing[key] ?? []));
  console.log(
    `| ${scenario.name} | ${phase("portOpen")} | ${phase("domainsServing")} | ${phase("routing")} | ${phase("ready")} | ${phase("banner")} |`,
  );
}

/** The scenarios of this checkout: cold, warm, without the transpiled copy, and through npm. */
function checkoutScenarios(): Scenario[] {
  const command = npmStartCommand(REPO_ROOT);
  const npm = ["npm", "start", "--silent"];
  return [
    { name: "cold (new data dir)", cwd: REPO_ROOT, command, freshDataDir: true },
    { name: "warm (same data dir)", cwd: REPO_ROOT, command, freshDataDir: false },
    {
      name: "cold, no transpile cache",
      cwd: REPO_ROOT,
      command,
      freshDataDir: true,
      reset: () => rmSync(TRANSPILED_ROOT, { recursive: true, force: true }),
      env: { TSX_DISABLE_CACHE: "1" },
    },
    ...(THROUGH_NPM
      ? [
          { name: "npm start, cold", cwd: REPO_ROOT, command: npm, freshDataDir: true, npm: true },
          { name: "npm start, warm", cwd: REPO_ROOT, command: npm, freshDataDir: false, npm: true },
        ]
      : []),
  ];
}

/** A clone's first `npm start` and first `npm start -- --demo`, each from the state `npm ci` left. */
function freshCloneScenarios({ root, afterInstall }: { root: string; afterInstall: string }): Scenario[] {
  const reset = () => {
    rmSync(join(root, ".tmp"), { recursive: true, force: true });
    if (existsSync(join(afterInstall, "tmp")))
      cpSync(join(afterInstall, "tmp"), join(root, ".tmp"), { recursive: true });
  };
  const command = npmStartCommand(root);
  const common = { cwd: root, freshDataDir: true, reset, env: { TSX_DISABLE_CACHE: "1" } };
  return [
    { ...common, name: "first npm start", command },
    { ...common, name: "first npm start -- --demo", command: [...command, "--demo"], untilBanner: true },
    ...(THROUGH_NPM
      ? [
          {
            ...common,
            name: "first npm start, through npm",
            command: ["npm", "start", "--silent"],
            npm: true,
          },
          {
            ...common,
            name: "first npm start -- --demo, through npm",
            command: ["npm", "start", "--silent", "--", "--demo"],
            npm: true,
            untilBanner: true,
          },
        ]
      : []),
  ];
}

/** `npm start`'s command line (the package.json of `root`), with this node binary. */
function npmStartCommand(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (manifest.scripts.start ?? "").split(/\s+/).filter(Boolean);
  if (program !== "node") throw new Error(`npm start does not run node: ${manifest.scripts.start}`);
  return [process.execPath, ...args];
}

async function startOnce(scenario: Scenario, dataDir: string): Promise<StartTiming> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...withoutM3Settings(process.env), ...scenario.env };
  Object.assign(env, { PORT: String(port), M3_HOST: "127.0.0.1", M3_DATA_DIR: dataDir });
  if (process.env.BENCH_WORKERS) env.M3_WORKERS = process.env.BENCH_WORKERS;
  const [program = "node", ...args] = scenario.command;
  const launchedAt = Date.now();
  const started = performance.now();
  const child = spawn(program, args, {
    cwd: scenario.cwd,
    env,
    detached: scenario.npm === true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child, started);
  try {
    await waitUntilReady(port, child, output);
    const ready = performance.now() - started;
    const cpu = scenario.npm ? undefined : cpuMillis(child.pid);
    const banner = scenario.untilBanner ? await output.bannerShown() : undefined;
    return { ...(scenario.floor ? {} : phasesFromLog(output.stdout(), launchedAt)), ready, cpu, banner };
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
  output: { stderr(): string },
): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MILLIS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the process exited (${child.exitCode ?? child.signalCode}) before ready:\n${output.stderr()}`,
      );
    }
    const status = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MILLIS));
  }
  throw new Error(`/status was not 200 after ${READY_TIMEOUT_MILLIS} ms:\n${output.stderr()}`);
}

/** The child's output so far, and when (ms from `started`) its standard output first held the banner. */
function collectOutput(child: ChildProcess, started: number) {
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  let bannerAt: number | undefined;
  let tail = "";
  const waiting: ((millis: number) => void)[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    chunks.stdout.push(chunk);
    if (bannerAt !== undefined) return;
    tail = (tail + chunk.toString()).slice(-4_096);
    if (tail.includes(BANNER_LINE)) {
      bannerAt = performance.now() - started;
      for (const resolve of waiting.splice(0)) resolve(bannerAt);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => chunks.stderr.push(chunk));
  return {
    stdout: () => Buffer.concat(chunks.stdout).toString(),
    stderr: () => Buffer.concat(chunks.stderr).toString().slice(-2_000),
    bannerShown: (): Promise<number> =>
      bannerAt !== undefined
        ? Promise.resolve(bannerAt)
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            child.once("exit", (code) => reject(new Error(`the process exited (${code}) before its banner`)));
          }),
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

/**
 * `npm run bench:all`: runs every benchmark (all/bench-list.ts), one after another, and writes
 * what each printed, under a heading with its duration and the load average around it, to one
 * markdown file (tools/dev/bench/RESULTS.md unless `--output` says otherwise), below a table of the
 * machine it ran on. `--only` and `--skip` choose benchmarks; `--quick` shortens the long ones.
 * A benchmark that fails is reported in its section and the run goes on; the exit code says
 * whether all of them finished.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { loadAverage, machineTable } from "../harness/machine.js";
import { BENCHES, type BenchEntry, commandOf } from "./bench-list.js";
import { printoutAsMarkdown } from "./printout-markdown.js";

const program = new Command("bench:all")
  .description("run every benchmark and write their tables to one markdown file")
  .option(
    "--output <file>",
    "where to write the results",
    join(REPO_ROOT, "tools", "dev", "bench", "RESULTS.md"),
  )
  .option("--only <scripts>", "comma-separated npm scripts to run (e.g. bench:kb,bench:registry)")
  .option("--skip <scripts>", "comma-separated npm scripts to leave out (e.g. bench:soak)")
  .option("--quick", "shorter runs of the long benchmarks (fewer rows, a 3-minute soak)", false)
  .parse();
const options = program.opts<{ output: string; only?: string; skip?: string; quick: boolean }>();

const listed = (value?: string) => new Set((value ?? "").split(",").filter(Boolean));
const only = listed(options.only);
const skip = listed(options.skip);
for (const name of [...only, ...skip]) {
  if (!BENCHES.some(({ script }) => script === name)) program.error(`unknown benchmark ${name}`);
}
const chosen = BENCHES.filter(({ script }) => (only.size === 0 || only.has(script)) && !skip.has(script));

interface BenchRun {
  output: string;
  exitCode: number | null;
  seconds: number;
}

function runBench(entry: BenchEntry): Promise<BenchRun> {
  const started = performance.now();
  const env = { ...process.env, ...entry.env, ...(options.quick ? entry.quick : {}) };
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", entry.script], { cwd: REPO_ROOT, env });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (exitCode) =>
      resolve({ output, exitCode, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const sections: string[] = [];
const header = [
  "# Benchmark results",
  "",
  `Written by \`npm run bench:all${options.quick ? " -- --quick" : ""}\` on ${new Date().toISOString()}. ` +
    "Each benchmark measures m3 beside its floor (the same work through the bare driver or tool) " +
    "on this machine; its own header (tools/dev/bench/*/*.bench.ts) says what it does.",
  "",
  machineTable(),
].join("\n");
let failures = 0;
for (const entry of chosen) {
  const loadBefore = loadAverage();
  process.stdout.write(`\n=== ${commandOf(entry)} (load average ${loadBefore})\n`);
  const run = await runBench(entry);
  if (run.exitCode !== 0) failures++;
  const status = run.exitCode === 0 ? "" : ` — **failed** (exit code ${run.exitCode})`;
  sections.push(
    [
      `## \`${commandOf(entry)}\`${status}`,
      "",
      `${entry.about}. ${run.seconds.toFixed(0)} s; load average ${loadBefore} before, ${loadAverage()} after` +
        `${
          options.quick && entry.quick
            ? `; quick: ${Object.entries(entry.quick)
                .map(([k, v]) => `${k}=${v}`)
                .join(", ")}`
            : ""
        }.`,
      "",
      printoutAsMarkdown(run.output),
    ].join("\n"),
  );
  writeFileSync(options.output, `${[header, ...sections].join("\n\n")}\n`);
}
process.stdout.write(
  `\n${chosen.length - failures} of ${chosen.length} benchmarks finished; results in ${options.output}\n`,
);
process.exitCode = failures === 0 ? 0 : 1;

import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg, release, totalmem } from "node:os";

/** The first line a command prints, or "unknown" when it is not installed. */
function firstLine(command: string, args: string[]): string {
  try {
    return (
      execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n")[0] ??
      ""
    );
  } catch {
    return "unknown";
  }
}

export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
}

/** The machine a benchmark run stands on, as a markdown table for the top of RESULTS.md. */
export function machineTable(): string {
  const rows: [string, string][] = [
    ["CPU", `${cpus()[0]?.model ?? "unknown"}, ${availableParallelism()} available to node`],
    ["memory", `${(totalmem() / 2 ** 30).toFixed(1)} GiB`],
    ["kernel", release()],
    ["node", process.version],
    ["MariaDB", firstLine("mariadbd", ["--version"])],
    ["ffmpeg", firstLine("ffmpeg", ["-version"])],
    ["commit", firstLine("git", ["rev-parse", "--short", "HEAD"])],
    ["load average at start", loadAverage()],
  ];
  return ["| | |", "|---|---|", ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join("\n");
}

import { type ChildProcess, spawn } from "node:child_process";

export interface StartedScript {
  child: ChildProcess;
  /** The line of standard output that said the ready text, e.g. a JSON log line with the port. */
  readyLine: string;
  /** Standard output up to and including the chunk that said it (e.g. a whole start-up banner). */
  output: string;
}

/**
 * Runs node on a script with the given node options and resolves once a line of its standard
 * output says `readyText` (rejects if it exits first, with the end of its output). A `.ts`
 * script runs through tsx; a compiled `.js` one (npm run build) runs with plain node. `args`
 * follow the script; `cwd` is where it runs (default: here).
 */
export function startNodeScript(
  script: string,
  env: NodeJS.ProcessEnv,
  readyText: string,
  nodeOptions: readonly string[] = [],
  options: { args?: readonly string[]; cwd?: string } = {},
): Promise<StartedScript> {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeOptions, ...loader, script, ...(options.args ?? [])], {
    env,
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const readyLine = output.split("\n").find((line, index, lines) => {
        return index < lines.length - 1 && line.includes(readyText);
      });
      if (readyLine !== undefined) {
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve({ child, readyLine, output });
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`${script} exited with code ${code}: ${output.slice(-500)}`)),
    );
  });
}

/** SIGTERM, then waits for the exit (at once when it has exited already). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The port of a server that logged its address as JSON: `{"port":N}` or `{"address":"host:N"}`. */
export function loggedPort(readyLine: string): number {
  const logged = JSON.parse(readyLine) as { port?: unknown; address?: unknown };
  const port =
    typeof logged.port === "number" ? logged.port : Number(String(logged.address).split(":").pop());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in the line: ${readyLine}`);
  return port;
}

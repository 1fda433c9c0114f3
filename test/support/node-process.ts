import { type ChildProcess, spawn } from "node:child_process";

/**
 * Runs node on a script with the given node options and resolves once its standard output
 * says `readyText` (rejects if it exits first, with the end of its output). A `.ts` script
 * runs through tsx; a compiled `.js` one (npm run build) runs with plain node.
 */
export function startNodeScript(
  script: string,
  env: NodeJS.ProcessEnv,
  readyText: string,
  nodeOptions: readonly string[] = [],
): Promise<ChildProcess> {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeOptions, ...loader, script], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve(child);
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

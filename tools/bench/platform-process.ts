import { type ChildProcess, spawn } from "node:child_process";

/** Runs the all-in-one process (what `npm start` runs) with the given environment until stopped. */
export async function startPlatformProcess(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.M3_BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
      "--import",
      "tsx",
      "services/all-in-one/main.ts",
    ],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("m3 is running at")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`m3 exited with code ${code} before it was ready`)));
  });
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

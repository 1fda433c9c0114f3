import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import test from "ava";

const CHILD = fileURLToPath(new URL("./shutdown-child.ts", import.meta.url));

async function runChild(
  mode: string,
  signals: NodeJS.Signals[],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve();
    });
  });
  await ready;
  for (const signal of signals) child.kill(signal);
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

test("SIGTERM runs the handler, then the process exits 0", async (t) => {
  const { code, output } = await runChild("ok", ["SIGTERM"]);
  t.is(code, 0);
  t.is(output.match(/handler ran/g)?.length, 1);
});

test("a second signal during the shutdown does not run the handler again", async (t) => {
  const { code, output } = await runChild("ok", ["SIGINT", "SIGTERM", "SIGINT"]);
  t.is(code, 0);
  t.is(output.match(/handler ran/g)?.length, 1);
});

test("a failing handler makes the process exit 1", async (t) => {
  const { code, output } = await runChild("failing", ["SIGTERM"]);
  t.is(code, 1);
  t.regex(output, /handler ran/);
});

import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { REPO_ROOT } from "../../tools/dev/codegen/k8s/k8s-tools.js";
import { loggedPort, startNodeScript, stopChild } from "../../tools/dev/fixtures/node-process.js";
import { IMAGE_COMMANDS, IMAGE_NODE_OPTIONS } from "../../tools/m3/image/image-commands.js";

const run = promisify(execFile);
// Inside the repo (.tmp is ignored) so the build resolves this checkout's node_modules.
const BUILD = join(REPO_ROOT, ".tmp", `compiled-build-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), "m3-compiled-"));
const children: ChildProcess[] = [];

test.before(async () => {
  await run("bash", [join(REPO_ROOT, "tools/dev/build/build.sh"), BUILD]);
});

test.after.always(async () => {
  await Promise.all(children.map(stopChild));
  rmSync(BUILD, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test("npm run build compiles every command of the image, with the protos and package.json beside it", (t) => {
  for (const [command, main] of Object.entries(IMAGE_COMMANDS)) {
    t.true(existsSync(join(BUILD, `${main}.js`)), command);
  }
  t.true(existsSync(join(BUILD, "proto/m3/annotation/v1/fast_query_service.proto")));
  t.true(existsSync(join(BUILD, "package.json")));
});

test("the compiled entrypoint runs a command with plain node (migrate on SQLite)", async (t) => {
  const { stdout } = await run(
    "node",
    [join(BUILD, "tools/m3/image/image-entrypoint.js"), "migrate", "annotation"],
    {
      env: { ...process.env, M3_DATA_DIR: join(dataDir, "migrate") },
    },
  );
  t.deepEqual(
    stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).msg),
    ["schema up to date"],
  );
});

test("the compiled annotation service answers through the compiled gateway", async (t) => {
  const env = {
    ...process.env,
    M3_API_KEY: "compiled-key",
    M3_SIGNING_SECRET: "compiled-secret",
    M3_DATA_DIR: join(dataDir, "serve"),
    M3_LOG_LEVEL: "info",
  };
  // Port 0 everywhere: each process takes a free port and logs it, so no port can be taken in between.
  const annotation = await startNodeScript(
    join(BUILD, "services/annotation/main.js"),
    { ...env, M3_GRPC_HOST: "127.0.0.1", M3_ANNOTATION_GRPC_PORT: "0" },
    "serving gRPC",
    IMAGE_NODE_OPTIONS,
  );
  children.push(annotation.child);
  const gateway = await startNodeScript(
    join(BUILD, "gateway/main.js"),
    {
      ...env,
      PORT: "0",
      M3_HOST: "127.0.0.1",
      M3_ANNOTATION_GRPC_ADDRESS: `127.0.0.1:${loggedPort(annotation.readyLine)}`,
    },
    "gateway listening",
    IMAGE_NODE_OPTIONS,
  );
  children.push(gateway.child);
  const port = loggedPort(gateway.readyLine);
  const response = await fetch(`http://127.0.0.1:${port}/anno/v1/fast/count`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ concepts: ["Aurelia"] }),
  });
  t.is(response.status, 200);
  t.is(((await response.json()) as { content: { count: number } }).content.count, 0);
});

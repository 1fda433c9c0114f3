/**
 * `npm start` with M3_WORKERS=2 on SQLite: each worker runs its own annotation domain, and an SSE
 * client on either worker sees the writes committed through both (the primary relays them).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { type StartedScript, startNodeScript, stopChild } from "../../../tools/dev/fixtures/node-process.js";
import { SseReader } from "../../support/events/sse-reader.js";

const MAIN = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "all-in-one", "main.ts");
let script: StartedScript | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "m3-workers-events-"));

test.after.always(async () => {
  if (script) await stopChild(script.child);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Requests over one kept-alive connection: node:cluster gives each connection to one worker. */
function connection(base: string) {
  const dispatcher = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: string) => {
    const { request } = await import("node:http");
    return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const url = new URL(path, base);
      const outgoing = request(
        { host: url.hostname, port: url.port, method, path, headers, agent: dispatcher },
        (reply) => {
          let text = "";
          reply.setEncoding("utf8");
          reply.on("data", (chunk: string) => {
            text += chunk;
          });
          reply.on("end", () =>
            resolve({ status: reply.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  };
  return {
    call,
    worker: async () => ((await call("GET", "/healthz")).json as { worker: number }).worker,
    close: () => dispatcher.destroy(),
  };
}

test("an SSE client on one worker gets the annotation changes committed through every worker", async (t) => {
  script = await startNodeScript(
    MAIN,
    {
      PATH: process.env.PATH,
      PORT: "0",
      M3_HOST: "127.0.0.1",
      M3_DATA_DIR: dataDir,
      M3_WORKERS: "2",
      M3_LOG_LEVEL: "warn",
    },
    "m3 is running at",
  );
  const port = Number(/:(\d+)\s*$/.exec(script.readyLine)?.[1]);
  const apiKey = /API key: (\S+)/.exec(script.output)?.[1] as string;
  const base = `http://127.0.0.1:${port}`;
  const reader = new SseReader(`${base}/anno/v1/events`);
  await reader.opened;
  // Writers on connections to both workers (a new connection goes to the next worker).
  const first = connection(base);
  const writers = [first];
  const workers = new Set([await first.worker()]);
  for (let attempt = 0; attempt < 10 && workers.size < 2; attempt++) {
    const other = connection(base);
    const id = await other.worker();
    if (workers.has(id)) other.close();
    else {
      workers.add(id);
      writers.push(other);
    }
  }
  t.is(workers.size, 2, "connections reached both workers");
  const auth = await first.call("POST", "/anno/v1/auth", { authorization: `APIKEY ${apiKey}` });
  const token = (auth.json as { access_token: string }).access_token;
  const created: string[] = [];
  for (const writer of writers) {
    const reply = await writer.call(
      "POST",
      "/anno/v1/annotations",
      { authorization: `Bearer ${token}`, "content-type": "application/json" },
      JSON.stringify({ video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t" }),
    );
    t.is(reply.status, 200);
    created.push((reply.json as { observation_uuid: string }).observation_uuid);
  }
  const events = await reader.take(2, 10_000);
  reader.close();
  for (const writer of writers) writer.close();
  t.deepEqual(events.map((event) => JSON.parse(event.data).uuid).sort(), created.sort());
});

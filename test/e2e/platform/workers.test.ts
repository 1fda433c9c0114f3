/**
 * `npm start` with M3_WORKERS=2, on SQLite (several processes on one file) and on MariaDB
 * (generated secrets kept in the database), given no secrets: requests reach both workers, a
 * token and a kb write made through one worker hold through the other (the phylogeny cache
 * included), concurrent writes through both succeed, a killed worker is replaced, and SIGTERM to
 * the primary stops every worker.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import test, { type ExecutionContext } from "ava";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { type StartedScript, startNodeScript, stopChild } from "../../../tools/dev/fixtures/node-process.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

const MAIN = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "all-in-one", "main.ts");
const started: StartedScript[] = [];
const dataDirs: string[] = [];

test.after.always(async () => {
  await Promise.allSettled(started.map(({ child }) => stopChild(child)));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

interface Reply {
  status: number;
  json: unknown;
}

/**
 * One kept-alive connection: node:cluster hands each new connection to the next worker, and
 * every request on it goes to that worker.
 */
class Connection {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly port: number) {}

  send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { host: "127.0.0.1", port: this.port, method, path, headers, agent: this.agent },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, json: parse(text) }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }

  async worker(): Promise<number> {
    return ((await this.send("GET", "/healthz")).json as { worker: number }).worker;
  }

  close(): void {
    this.agent.destroy();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface Cluster {
  script: StartedScript;
  port: number;
  adminPassword: string;
  apiKey: string;
  /** What the processes log after the banner. */
  log: () => string;
}

async function startCluster(databaseUrl: string | undefined): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-workers-"));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: "0",
    M3_HOST: "127.0.0.1",
    M3_DATA_DIR: dataDir,
    M3_WORKERS: "2",
    M3_LOG_LEVEL: "warn",
    M3_LOG_FORMAT: "json",
    ...(databaseUrl ? { M3_DATABASE_URL: databaseUrl } : {}),
  };
  const script = await startNodeScript(MAIN, env, "m3 is running at");
  started.push(script);
  let log = "";
  script.child.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const port = Number(/:(\d+)\s*$/.exec(script.readyLine)?.[1]);
  const adminPassword = /kb administrator: admin \/ (\S+)/.exec(script.output)?.[1];
  const apiKey = /API key: (\S+)/.exec(script.output)?.[1];
  if (!adminPassword || !apiKey)
    throw new Error(`no administrator password or API key in the banner: ${script.output}`);
  return { script, port, adminPassword, apiKey, log: () => log };
}

/** Two connections served by different workers (a new connection goes to the next worker). */
async function connectionsToBothWorkers(port: number): Promise<[Connection, Connection]> {
  const first = new Connection(port);
  const firstWorker = await first.worker();
  for (let attempt = 0; attempt < 10; attempt++) {
    const other = new Connection(port);
    if ((await other.worker()) !== firstWorker) return [first, other];
    other.close();
  }
  throw new Error("every new connection reached the same worker");
}

/** The ids of the processes a pid started (the workers of a primary). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const found = await probe();
    if (found !== undefined) return found;
    await delay(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function workersShareOnePlatform(t: ExecutionContext, cluster: Cluster): Promise<void> {
  t.regex(cluster.script.output, /served by 2 worker processes sharing the port \(M3_WORKERS=2\)/);
  const [a, b] = await connectionsToBothWorkers(cluster.port);
  try {
    t.not(await a.worker(), await b.worker());

    // The token comes from worker a; worker b checks it with the same generated signing secret.
    const basic = `Basic ${Buffer.from(`admin:${cluster.adminPassword}`).toString("base64")}`;
    const login = await a.send("POST", "/kb/v1/auth/login", { authorization: basic });
    t.is(login.status, 200);
    const bearer = `Bearer ${(login.json as { access_token: string }).access_token}`;
    const json = { authorization: bearer, "content-type": "application/json" };
    t.is((await b.send("POST", "/kb/v1/concept", json, JSON.stringify({ name: "object" }))).status, 200);
    // Worker a builds its phylogeny cache before worker b adds a concept below the root.
    const before = await a.send("GET", "/kb/v1/phylogeny/down/object");
    t.deepEqual((before.json as { children?: unknown[] }).children ?? [], []);
    const child = JSON.stringify({ name: "Workerus sharedii", parentName: "object" });
    t.is((await b.send("POST", "/kb/v1/concept", json, child)).status, 200);

    const seen = await a.send("GET", `/kb/v1/concept/${encodeURIComponent("Workerus sharedii")}`);
    t.is(seen.status, 200);
    const after = await a.send("GET", "/kb/v1/phylogeny/down/object");
    const children = (after.json as { children?: { name: string }[] }).children ?? [];
    t.deepEqual(
      children.map(({ name }) => name),
      ["Workerus sharedii"],
    );
  } finally {
    a.close();
    b.close();
  }
}

/** Writes from 16 connections at once, spread over both workers (and, on SQLite, both processes writing one file). */
async function concurrentWritesAllSucceed(t: ExecutionContext, cluster: Cluster): Promise<void> {
  const auth = await new Connection(cluster.port).send("POST", "/vam/v1/auth", {
    authorization: `APIKEY ${cluster.apiKey}`,
  });
  const bearer = `Bearer ${(auth.json as { access_token: string }).access_token}`;
  const connections = Array.from({ length: 16 }, () => new Connection(cluster.port));
  const headers = { authorization: bearer, "content-type": "application/x-www-form-urlencoded" };
  const statuses = await Promise.all(
    connections.map(async (connection, c) => {
      const answered: number[] = [];
      for (let i = 0; i < 15; i++) {
        const form = new URLSearchParams({
          video_sequence_name: `workers-dive-${i % 3}`,
          camera_id: "cam",
          video_name: `workers-video-${c}-${i}`,
          uri: `http://example.org/workers-${c}-${i}.mp4`,
          start_timestamp: "2024-05-01T10:00:00Z",
          duration_millis: "1000",
        });
        answered.push((await connection.send("POST", "/vam/v1/media", headers, form.toString())).status);
      }
      connection.close();
      return answered;
    }),
  );
  t.deepEqual(
    statuses.flat().filter((status) => status !== 200),
    [],
  );
  const reader = new Connection(cluster.port);
  let media = 0;
  for (const dive of ["workers-dive-0", "workers-dive-1", "workers-dive-2"]) {
    media += ((await reader.send("GET", `/vam/v1/media/videosequence/${dive}`)).json as unknown[]).length;
  }
  reader.close();
  t.is(media, 16 * 15);
}

async function deadWorkerIsReplacedAndSigtermStopsAll(t: ExecutionContext, cluster: Cluster): Promise<void> {
  const primary = cluster.script.child.pid ?? 0;
  const [first, second] = childrenOf(primary);
  if (first === undefined || second === undefined) throw new Error("the primary has no two workers");
  process.kill(first, "SIGKILL");
  const replacement = await eventually("a replacement worker", async () => {
    const workers = childrenOf(primary).filter((pid) => pid !== second);
    return workers.length === 1 && workers[0] !== first ? workers[0] : undefined;
  });
  // The replacement (worker 3) serves on the shared port beside worker 2.
  const seenWorkers = new Set<number>();
  await eventually("worker 3 answering", async () => {
    const connection = new Connection(cluster.port);
    seenWorkers.add(await connection.worker());
    connection.close();
    return seenWorkers.has(3) ? true : undefined;
  });
  t.true(seenWorkers.has(3));
  const died = cluster
    .log()
    .split("\n")
    .find((line) => line.includes("a worker died"));
  t.like(JSON.parse(died ?? "{}"), { level: 50, pid: primary, workerPid: first, signal: "SIGKILL" });

  const exited = new Promise((resolve) => cluster.script.child.once("exit", resolve));
  process.kill(primary, "SIGTERM");
  t.is(await exited, 0);
  for (const pid of [second, replacement]) {
    await eventually(`worker ${pid} to exit`, async () => (isRunning(pid) ? undefined : true));
    t.false(isRunning(pid));
  }
}

test("SQLite: two workers serve one platform, a kb write through one is seen through the other, concurrent writes to one file all succeed; a dead worker is replaced; SIGTERM stops all", async (t) => {
  const cluster = await startCluster(undefined);
  await workersShareOnePlatform(t, cluster);
  await concurrentWritesAllSucceed(t, cluster);
  await deadWorkerIsReplacedAndSigtermStopsAll(t, cluster);
});

test("MariaDB: two workers serve one platform with the secrets generated in the database; SIGTERM stops all", async (t) => {
  const cluster = await startCluster(await createTestDatabase("m3_workers"));
  await workersShareOnePlatform(t, cluster);
  await concurrentWritesAllSucceed(t, cluster);
  await deadWorkerIsReplacedAndSigtermStopsAll(t, cluster);
});

test("PostgreSQL: two workers serve one platform with the secrets generated in the database; SIGTERM stops all", async (t) => {
  const cluster = await startCluster(await createPostgresTestDatabase("m3_workers"));
  await workersShareOnePlatform(t, cluster);
  await concurrentWritesAllSucceed(t, cluster);
  await deadWorkerIsReplacedAndSigtermStopsAll(t, cluster);
});

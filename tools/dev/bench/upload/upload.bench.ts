/**
 * Upload benchmark (not a test): BENCH_IMAGES images of BENCH_IMAGE_BYTES (default 100 of
 * 2 MB) POSTed as multipart through the real gateway into the upload service, once stored
 * in S3 (s3rver, in this process) and once on disk. The gateway and the service run in a
 * child process (this file with --serve) so its peak RSS is theirs alone. A floor writes the
 * same bytes straight to the store (minio putObject / fs.writeFile).
 * Run: npx tsx tools/dev/bench/upload/upload.bench.ts
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "minio";
import { pino } from "pino";
import { startGateway } from "../../../../gateway/src/index.js";
import { uploadRoutes } from "../../../../gateway/src/routes/upload.routes.js";
import { startDomain } from "../../../../services/kit/domain/start-domain.js";
import { PROTO_ROOT } from "../../../../services/kit/proto-root.js";
import { uploadModule } from "../../../../services/upload/upload.module.js";
import { patternBytes } from "../../fixtures/image-bytes.js";
import { type S3StandIn, s3UploadEnv, startS3StandIn } from "../../fixtures/s3-server.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";

const IMAGES = Number(process.env.BENCH_IMAGES ?? 100);
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_BYTES ?? 2 * 1024 * 1024);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const API_KEY = "bench-key";
const BUCKET = "m3-bench-images";

type ServerMessage = { ready: number } | { maxRssBytes: number; rssBytes: number };

if (process.argv.includes("--serve")) await serve();
else await drive();

/** Child: the upload service and the gateway on loopback; answers "rss" with its memory figures. */
async function serve(): Promise<void> {
  const logger = pino({ level: "warn" });
  const domain = await startDomain(uploadModule, {
    env: process.env,
    logger,
    dataDir: process.env.M3_DATA_DIR ?? ".",
    version: "bench",
    host: "127.0.0.1",
    port: 0,
  });
  const gateway = await startGateway({
    targets: [{ routes: uploadRoutes, address: domain.address }],
    protoRoot: PROTO_ROOT,
    logger,
    port: 0,
    host: "127.0.0.1",
  });
  process.on("message", async (message) => {
    if (message === "rss") {
      const reply: ServerMessage = {
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        rssBytes: process.memoryUsage.rss(),
      };
      process.send?.(reply);
    } else if (message === "stop") {
      await gateway.close();
      await domain.stop();
      process.exit(0);
    }
  });
  process.send?.({ ready: gateway.port } satisfies ServerMessage);
}

interface ServerProcess {
  port: number;
  memory(): Promise<{ maxRssBytes: number; rssBytes: number }>;
  stop(): Promise<void>;
}

async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(new URL(import.meta.url).pathname, ["--serve"], {
    env: { ...process.env, M3_API_KEY: API_KEY, M3_SIGNING_SECRET: "bench-secret", ...env },
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      child.once("message", (message) => resolve(message as ServerMessage));
      child.once("exit", (code) => reject(new Error(`the upload server exited with code ${code}`)));
    });
  const ready = await next();
  if (!("ready" in ready)) throw new Error("the upload server did not start");
  return {
    port: ready.ready,
    memory: async () => {
      const reply = next();
      child.send("rss");
      const memory = await reply;
      if (!("maxRssBytes" in memory)) throw new Error("unexpected reply");
      return memory;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await exited;
    },
  };
}

async function drive(): Promise<void> {
  const s3 = await startS3StandIn();
  const dataDir = mkdtempSync(join(tmpdir(), "m3-upload-bench-"));
  const images = Array.from({ length: 8 }, (_, seed) => patternBytes(IMAGE_BYTES, seed));
  const blobs = images.map((bytes) => new Blob([new Uint8Array(bytes)], { type: "image/png" }));
  const rows: string[] = [];
  try {
    for (const [store, env] of [
      ["s3 (s3rver)", s3UploadEnv(s3, BUCKET)],
      ["disk", { M3_DATA_DIR: join(dataDir, "service") }],
    ] as const) {
      const server = await startServerProcess(env);
      try {
        const base = `http://127.0.0.1:${server.port}/panoptes/v1`;
        const token = await fetchToken(base);
        const upload = (round: string) => async (index: number) => {
          const form = new FormData();
          form.append("file", blobs[index % blobs.length] as Blob, "frame.png");
          const path = `/images/Bench%20Cam/Dive%20${round}/frame-${index}.png`;
          const reply = await fetch(`${base}${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
            body: form,
          });
          if (reply.status !== 200) throw new Error(`upload answered ${reply.status}: ${await reply.text()}`);
          await reply.arrayBuffer();
        };
        await runLoad("warm", { requests: 10, concurrency: CONCURRENCY }, upload("0"));
        const before = await server.memory();
        const result = await runLoad(
          `POST multipart -> ${store}`,
          { requests: IMAGES, concurrency: CONCURRENCY },
          upload("1"),
        );
        const after = await server.memory();
        rows.push(row(result, `${mb(before.rssBytes)} / ${mb(after.maxRssBytes)}`));
      } finally {
        await server.stop();
      }
    }
    rows.push(row(await s3Floor(s3, images), "-"));
    rows.push(row(await diskFloor(join(dataDir, "floor"), images), "-"));
  } finally {
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nupload benchmark: ${IMAGES} images of ${mb(IMAGE_BYTES)} MB, concurrency ${CONCURRENCY}\n`);
  console.log("| scenario | images | MB/s | images/s | p50 ms | p99 ms | server RSS MB before / peak |");
  console.log("|---|---|---|---|---|---|---|");
  for (const line of rows) console.log(line);
}

async function fetchToken(base: string): Promise<string> {
  const reply = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { authorization: `APIKEY ${API_KEY}` },
  });
  return ((await reply.json()) as { access_token: string }).access_token;
}

function s3Floor(s3: S3StandIn, images: Buffer[]): Promise<LoadResult> {
  const port = Number(new URL(s3.endpoint).port);
  const client = new Client({
    endPoint: "127.0.0.1",
    port,
    useSSL: false,
    pathStyle: true,
    ...s3.credentials,
  });
  return runLoad(
    "floor: minio putObject -> s3rver",
    { requests: IMAGES, concurrency: CONCURRENCY },
    async (index) => {
      const bytes = images[index % images.length] as Buffer;
      await client.putObject(BUCKET, `floor/frame-${index}.png`, bytes, bytes.length);
    },
  );
}

async function diskFloor(directory: string, images: Buffer[]): Promise<LoadResult> {
  await mkdir(directory, { recursive: true });
  return runLoad("floor: fs.writeFile", { requests: IMAGES, concurrency: CONCURRENCY }, async (index) => {
    await writeFile(join(directory, `frame-${index}.png`), images[index % images.length] as Buffer);
  });
}

function row(result: LoadResult, memory: string): string {
  const megabytesPerSecond = (result.requests * IMAGE_BYTES) / 1024 / 1024 / result.seconds;
  return `| ${result.name} | ${result.requests} | ${megabytesPerSecond.toFixed(1)} | ${result.requestsPerSecond.toFixed(1)} | ${result.p50Millis.toFixed(1)} | ${result.p99Millis.toFixed(1)} | ${memory} |`;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

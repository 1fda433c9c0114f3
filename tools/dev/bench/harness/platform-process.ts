import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "../../fixtures/mariadb.js";
import { startMariaDbServer } from "../../fixtures/mariadb-server.js";
import { startNodeScript, stopChild } from "../../fixtures/node-process.js";

/** The API key every benchmark's m3 accepts. */
export const BENCH_API_KEY = "bench-key";

/** A throwaway MariaDB for one benchmark run: fresh databases on demand, removed on stop. */
export async function startBenchMariaDb(
  bufferPoolSize?: string,
  extraOptions: readonly string[] = [],
): Promise<{
  port: number;
  /** The mariadbd process, for its CPU time. */
  pid: number;
  createDatabase(prefix: string): Promise<string>;
  stop(): Promise<void>;
}> {
  const server = await startMariaDbServer(bufferPoolSize, extraOptions);
  // createTestDatabase creates its databases on the server this variable names.
  process.env.M3_TEST_MARIADB_URL = server.rootUrl;
  return {
    port: server.port,
    pid: server.pid,
    createDatabase: (prefix) => createTestDatabase(prefix),
    stop: () => server.stop(),
  };
}

/**
 * As `npm start` runs node: a young generation of 64 MB lets a bulk request's objects die
 * young instead of being promoted while the request waits on the database (GC time per
 * 1,000-annotation batch went from 15 ms to 7 ms). The price is memory: the young generation
 * stays committed at 128 MB. Under bench:soak's mix on the all-in-one, V8's default (32 MB) cut
 * peak RSS from 740 to 651 MB at 2.4x the scavenge time; most of the swing (480-740 MB) is
 * garbage the old generation gathers between mark-compacts, which --heap-growing-percent=50
 * (as the image runs) narrowed to 450-553 MB. The heap left after each mark-compact stayed flat.
 */
const START_NODE_OPTIONS = ["--max-semi-space-size=64"];

/**
 * Runs the all-in-one process as `npm start` runs it (plain node on the transpiled copy of the
 * sources, tools/m3/start) on a free loopback port, on the given database, with its own data
 * directory, until stopped, with the node options of `npm start` (package.json).
 * M3_BENCH_NODE_ARGS passes more (e.g. --cpu-prof), as does `nodeArgs`; it logs at warn unless
 * BENCH_LOG_LEVEL says otherwise (`info` is what `npm start` runs with). Without a database URL
 * every domain keeps its SQLite file in the data directory, as `npm start` does.
 */
export async function startPlatformProcess(options: {
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: readonly string[];
}): Promise<{ port: number; pid: number; dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-bench-"));
  const { child, readyLine } = await startNodeScript(
    "tools/m3/start/start.mjs",
    {
      ...process.env,
      M3_API_KEY: BENCH_API_KEY,
      M3_SIGNING_SECRET: "bench-secret",
      ...(options.databaseUrl ? { M3_DATABASE_URL: options.databaseUrl } : {}),
      PORT: "0",
      M3_HOST: "127.0.0.1",
      M3_DATA_DIR: dataDir,
      M3_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      ...options.env,
    },
    "m3 is running at",
    [...benchNodeOptions(), ...(options.nodeArgs ?? [])],
  );
  return {
    port: Number(new URL(readyLine.slice(readyLine.indexOf("http"))).port),
    pid: child.pid ?? 0,
    dataDir,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm start`'s node options plus M3_BENCH_NODE_ARGS (e.g. --cpu-prof). */
export function benchNodeOptions(base: readonly string[] = START_NODE_OPTIONS): string[] {
  return [...base, ...(process.env.M3_BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)];
}

/**
 * The whole stack for e2e tests: every domain and the gateway, started exactly as
 * `npm start` starts them, on a fresh MariaDB database or a fresh SQLite directory; or, for
 * the domains that run on PostgreSQL (the kb, the registry, annotation), with those on fresh
 * PostgreSQL databases (annotation in the registry's) and the rest on SQLite. The gateway
 * calls the domains in process, as `npm start` does, or over gRPC when M3_TEST_TRANSPORT=grpc.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { pino } from "pino";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { importKbOnStart } from "../../../tools/m3/all-in-one/kb-import-on-start.js";
import { startPlatform } from "../../../tools/m3/all-in-one/start-platform.js";
import { testTransport } from "../gateway/test-transport.js";

export type Backend = "mariadb" | "postgres" | "sqlite";
/** What every domain runs on. */
export const BACKENDS: readonly Backend[] = ["mariadb", "sqlite"];
/** What the registry runs on: its e2e tests run on each. */
export const REGISTRY_BACKENDS: readonly Backend[] = ["mariadb", "postgres", "sqlite"];
/** What annotation runs on: its e2e tests run on each. */
export const ANNOTATION_BACKENDS: readonly Backend[] = ["mariadb", "postgres", "sqlite"];
/** What the kb runs on: its e2e tests run on each. */
export const KB_BACKENDS: readonly Backend[] = ["mariadb", "postgres", "sqlite"];

export interface TestPlatform {
  backend: Backend;
  http: HttpClient;
  apiKey: string;
  signingSecret: string;
  /** The environment it was started with (without M3_DATA_DIR), and its data folder. */
  env: Record<string, string>;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestPlatform(
  backend: Backend,
  extraEnv: Record<string, string> = {},
  options: { importKb?: boolean; dataDir?: string } = {},
): Promise<TestPlatform> {
  // A given folder (and, in extraEnv, M3_DATABASE_URL) starts the platform on data prepared before.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "m3-e2e-"));
  const apiKey = randomBytes(16).toString("hex");
  const signingSecret = randomBytes(32).toString("hex");
  const env: Record<string, string> = {
    M3_API_KEY: apiKey,
    M3_SIGNING_SECRET: signingSecret,
    M3_IN_PROCESS_CALLS: String(testTransport("in-process") === "in-process"),
    ...extraEnv,
  };
  if (backend === "postgres" && !env.M3_KB_DATABASE_URL) {
    env.M3_KB_DATABASE_URL = await createPostgresTestDatabase("m3_e2e_kb");
  }
  if (backend === "mariadb" && !env.M3_DATABASE_URL) env.M3_DATABASE_URL = await createTestDatabase("m3_e2e");
  // The registry runs on PostgreSQL as the kb does (above), annotation in its database (below).
  if (backend === "postgres" && !env.M3_REGISTRY_DATABASE_URL) {
    env.M3_REGISTRY_DATABASE_URL = await createPostgresTestDatabase("m3_e2e");
  }
  // Annotation too, in the registry's database, so its query view joins the registry's tables.
  if (backend === "postgres" && !env.M3_ANNOTATION_DATABASE_URL) {
    env.M3_ANNOTATION_DATABASE_URL = env.M3_REGISTRY_DATABASE_URL as string;
  }
  const logger = pino({ level: "silent" });
  // As `npm start -- --import-kb` does: the real kb dump goes into the empty kb first.
  if (options.importKb) await importKbOnStart(env, dataDir, logger);
  const platform = await startPlatform({ env, dataDir, port: 0, host: "127.0.0.1", logger });
  return {
    backend,
    apiKey,
    signingSecret,
    env,
    dataDir,
    http: new HttpClient(`http://127.0.0.1:${platform.port}`, apiKey),
    stop: async () => {
      await platform.stop();
      // A folder the caller gave is the caller's to remove.
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one platform per backend before the file's tests and stops them after.
 * Returns a lookup that tests call once the platforms are up.
 */
export function usePlatforms(
  test: TestFn,
  backends: readonly Backend[] = BACKENDS,
): (backend: Backend) => TestPlatform {
  const platforms = new Map<Backend, TestPlatform>();
  test.before(async () => {
    for (const backend of backends) platforms.set(backend, await startTestPlatform(backend));
  });
  test.after.always(async () => {
    await Promise.allSettled([...platforms.values()].map((platform) => platform.stop()));
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  return (backend) => {
    const platform = platforms.get(backend);
    if (!platform) throw new Error(`the ${backend} platform did not start`);
    return platform;
  };
}

/**
 * Platforms on data of their own that a test backs up, stops and restores into another: each
 * has its environment (the MariaDB or PostgreSQL database every domain shares, on those) and
 * its folder, and every platform still running and every folder is removed once the file's
 * tests are done.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { type Backend, startTestPlatform, type TestPlatform } from "./test-platform.js";

/** A platform's data without a running platform: what restore and backup are pointed at. */
export interface PlatformData {
  env: Record<string, string>;
  dataDir: string;
}

export interface RestorablePlatforms {
  /** A new temporary folder, removed after the tests. */
  folder(prefix: string): string;
  /** Empty data on the backend: a new MariaDB (or PostgreSQL) database there, and a new folder. */
  emptyData(backend: Backend): Promise<PlatformData>;
  start(backend: Backend, data: PlatformData, options?: { importKb?: boolean }): Promise<TestPlatform>;
  stop(platform: TestPlatform): Promise<void>;
}

/** `name` names the server databases and folders; `commonEnv` is every platform's environment. */
export function useRestorablePlatforms(
  test: TestFn,
  name: string,
  commonEnv: Record<string, string> = {},
): RestorablePlatforms {
  const folders: string[] = [];
  const running = new Set<TestPlatform>();
  test.after.always(async () => {
    await Promise.allSettled([...running].map((platform) => platform.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  const folder = (prefix: string) => {
    const path = mkdtempSync(join(tmpdir(), prefix));
    folders.push(path);
    return path;
  };
  return {
    folder,
    async emptyData(backend) {
      const env: Record<string, string> = { ...commonEnv };
      if (backend === "mariadb") env.M3_DATABASE_URL = await createTestDatabase(`m3_${name}`);
      if (backend === "postgres") env.M3_DATABASE_URL = await createPostgresTestDatabase(`m3_${name}`);
      return { env, dataDir: folder(`m3-${name}-data-`) };
    },
    async start(backend, data, options = {}) {
      const platform = await startTestPlatform(backend, data.env, { ...options, dataDir: data.dataDir });
      running.add(platform);
      return platform;
    },
    async stop(platform) {
      await platform.stop();
      running.delete(platform);
    },
  };
}

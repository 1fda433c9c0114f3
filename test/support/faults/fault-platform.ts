import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { startPlatform } from "../../../tools/m3/all-in-one/start-platform.js";
import { testTransport } from "../gateway/test-transport.js";
import type { WriteTarget } from "./write-load.js";

const API_KEY = "fault-test-key";

export interface FaultPlatform {
  /** Where the embedded engine keeps its files (SQLite: <domain>.sqlite). */
  dataDir: string;
  base: string;
  /** The writes' target, with a service token issued for the API key. */
  target: WriteTarget;
  stop(): Promise<void>;
}

/**
 * The all-in-one in this process for a fault test, on MariaDB when `databaseUrl` is given and
 * on the embedded SQLite files otherwise, with a token to write with.
 */
export async function startFaultPlatform(options: {
  databaseUrl?: string;
  timeoutMillis: number;
}): Promise<FaultPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-fault-"));
  const platform = await startPlatform({
    env: {
      M3_API_KEY: API_KEY,
      M3_SIGNING_SECRET: "fault-test-signing-secret",
      M3_IN_PROCESS_CALLS: String(testTransport("in-process") === "in-process"),
      ...(options.databaseUrl ? { M3_DATABASE_URL: options.databaseUrl } : {}),
    },
    dataDir,
    port: 0,
    host: "127.0.0.1",
    logger: pino({ level: "silent" }),
  });
  const base = `http://127.0.0.1:${platform.port}`;
  const auth = await fetch(`${base}/vam/v1/auth`, {
    method: "POST",
    headers: { Authorization: `APIKEY ${API_KEY}` },
  });
  const token = ((await auth.json()) as { access_token: string }).access_token;
  return {
    dataDir,
    base,
    target: { base, token, timeoutMillis: options.timeoutMillis },
    stop: async () => {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopChild } from "../../../tools/dev/fixtures/node-process.js";
import { startDomainProcess, startGatewayProcess } from "../faults/split-processes.js";

export interface KbReplicas {
  /** Each replica's gateway URL: the same kb database behind each, through its own kb process. */
  bases: string[];
  stop(): Promise<void>;
}

/**
 * `count` kb processes over one database (`databaseUrl`, or one SQLite file in a shared data
 * folder), each behind a gateway process of its own, as kb pods behind gateway pods. They start
 * one after another, so the first migrates the database and the others find it migrated.
 */
export async function startKbReplicas(
  count: number,
  options: { databaseUrl?: string; env: Record<string, string> },
): Promise<KbReplicas> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-kb-replicas-"));
  const env = {
    ...process.env,
    M3_API_KEY: "replicas-test-key",
    M3_SIGNING_SECRET: "replicas-test-signing-secret",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "info",
    ...(options.databaseUrl ? { M3_KB_DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const bases: string[] = [];
    for (let replica = 0; replica < count; replica++) {
      const kb = await startDomainProcess("kb", env);
      children.push(kb.child);
      const gateway = await startGatewayProcess(env, { kb: kb.port });
      children.push(gateway.child);
      bases.push(`http://127.0.0.1:${gateway.port}`);
    }
    return { bases, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopChild } from "../../../tools/dev/fixtures/node-process.js";
import { startDomainProcess, startGatewayProcess } from "./split-processes.js";

/** The domains a split platform runs as their own processes; the gateway's others point nowhere. */
export type SplitDomainName = "kb" | "annotation" | "registry";
const SPLIT_DOMAINS: readonly SplitDomainName[] = ["kb", "annotation", "registry"];

export interface SplitPlatform {
  base: string;
  gateway: ChildProcess;
  /** The domain's process is killed with SIGKILL, as an OOM kill or a lost node ends it. */
  kill(domain: SplitDomainName): Promise<void>;
  /** Starts the domain again on the port and data it had. */
  restart(domain: SplitDomainName): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The gateway and the kb, annotation and registry domains each in its own process (tsx, the
 * sources), on SQLite files, as the chart runs them: the gateway reaches each over gRPC at the
 * address it was given. Config, capture and upload are not started.
 */
export async function startSplitPlatform(): Promise<SplitPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-split-"));
  const env = {
    ...process.env,
    M3_API_KEY: "split-test-key",
    M3_SIGNING_SECRET: "split-test-signing-secret",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "info",
  };
  const children = new Map<SplitDomainName, ChildProcess>();
  const ports: Partial<Record<SplitDomainName, number>> = {};
  const start = async (domain: SplitDomainName) => {
    const started = await startDomainProcess(domain, env, ports[domain]);
    children.set(domain, started.child);
    ports[domain] = started.port;
  };
  let gateway: ChildProcess | undefined;
  const stop = async () => {
    if (gateway) await stopChild(gateway);
    for (const child of children.values()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const domain of SPLIT_DOMAINS) await start(domain);
    const started = await startGatewayProcess(env, ports);
    gateway = started.child;
    return {
      base: `http://127.0.0.1:${started.port}`,
      gateway,
      kill: async (domain) => {
        const child = children.get(domain);
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      },
      restart: start,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

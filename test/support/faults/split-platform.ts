import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loggedPort, startNodeScript, stopChild } from "../../../tools/dev/fixtures/node-process.js";

/** The domains a split platform runs as their own processes; the gateway's others point nowhere. */
export type SplitDomainName = "kb" | "annotation" | "registry";
const SPLIT_DOMAINS: readonly SplitDomainName[] = ["kb", "annotation", "registry"];
const ABSENT_DOMAINS = ["config", "capture", "upload"] as const;
/** A port nothing listens on (tcpmux), for the domains this platform does not start. */
const NOWHERE = "127.0.0.1:1";

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
  const common = {
    ...process.env,
    M3_API_KEY: "split-test-key",
    M3_SIGNING_SECRET: "split-test-signing-secret",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "info",
    M3_GRPC_HOST: "127.0.0.1",
  };
  const children = new Map<SplitDomainName, ChildProcess>();
  const ports = new Map<SplitDomainName, number>();
  const startDomainProcess = async (domain: SplitDomainName) => {
    const started = await startNodeScript(
      `services/${domain}/main.ts`,
      { ...common, [`M3_${domain.toUpperCase()}_GRPC_PORT`]: String(ports.get(domain) ?? 0) },
      "serving gRPC",
    );
    children.set(domain, started.child);
    ports.set(domain, loggedPort(started.readyLine));
  };
  let gateway: ChildProcess | undefined;
  const stop = async () => {
    if (gateway) await stopChild(gateway);
    for (const child of children.values()) if (child.signalCode === null) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const domain of SPLIT_DOMAINS) await startDomainProcess(domain);
    const addresses = Object.fromEntries([
      ...SPLIT_DOMAINS.map((domain) => [
        `M3_${domain.toUpperCase()}_GRPC_ADDRESS`,
        `127.0.0.1:${ports.get(domain)}`,
      ]),
      ...ABSENT_DOMAINS.map((domain) => [`M3_${domain.toUpperCase()}_GRPC_ADDRESS`, NOWHERE]),
    ]);
    const started = await startNodeScript(
      "gateway/main.ts",
      { ...common, ...addresses, PORT: "0", M3_HOST: "127.0.0.1" },
      "gateway listening",
    );
    gateway = started.child;
    const base = `http://127.0.0.1:${loggedPort(started.readyLine)}`;
    return {
      base,
      gateway,
      kill: async (domain) => {
        const child = children.get(domain);
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      },
      restart: (domain) => startDomainProcess(domain),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Every domain and the gateway each in its own process, as the container image runs them in a
 * cluster: children of the bench, run from the compiled build (npm run build) with plain node
 * and the image's node options (plus M3_BENCH_NODE_ARGS), wired to each other by
 * M3_<DOMAIN>_GRPC_ADDRESS, and stopped with SIGTERM by PID (also when a start fails).
 */

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { allInOneDomains } from "../../../m3/all-in-one/domains.js";
import { launcherEndpoints } from "../../../m3/all-in-one/launcher-endpoints.js";
import { IMAGE_COMMANDS, processNodeOptions } from "../../../m3/image/image-commands.js";
import { freePort } from "../../fixtures/free-port.js";
import { loggedPort, startNodeScript, stopChild } from "../../fixtures/node-process.js";
import { BENCH_API_KEY, benchNodeOptions } from "./platform-process.js";
import { BUILD_DIR, buildForBench } from "./split-processes.js";

/** Start order: config checks logins with the kb, so the kb comes first and config last. */
const DOMAINS = ["kb", "annotation", "registry", "capture", "upload", "config"] as const;
/** How long stop() waits for a process that is starting to say it is ready. */
const START_WAIT_MILLIS = 30_000;

export interface SplitPlatformOptions {
  databaseUrl: string;
  /** Folders capture may read videos from (CAPTURE_FILE_ROOTS). */
  captureFileRoots: readonly string[];
  /** More settings for every process. */
  env?: Record<string, string>;
}

/**
 * The processes of one run. stop() may be called at any time, also while start() is under
 * way (a Ctrl-C): it stops what has started, and start() then stops the one it was waiting on.
 */
export class SplitPlatform {
  /** The gateway's HTTP port, once started. */
  port = 0;
  private readonly children = new Map<string, ChildProcess>();
  private readonly dataDir = mkdtempSync(join(tmpdir(), "m3-bench-"));
  private stopping: Promise<void> | undefined;
  /** The start of a process under way, which stop() waits for (at most START_WAIT_MILLIS). */
  private starting: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SplitPlatformOptions) {}

  /** Each process's PID, by name: the six domains, then "gateway". */
  get pids(): ReadonlyMap<string, number> {
    return new Map([...this.children].map(([name, child]) => [name, child.pid ?? 0]));
  }

  /** Builds m3, then starts the six domains and the gateway; stops those started when one fails. */
  async start(): Promise<void> {
    try {
      buildForBench();
      // Chosen before the gateway starts: the config service lists every domain at its URL.
      const gatewayPort = await freePort();
      const gatewayBase = `http://127.0.0.1:${gatewayPort}`;
      const common: NodeJS.ProcessEnv = {
        ...process.env,
        M3_API_KEY: BENCH_API_KEY,
        M3_SIGNING_SECRET: "bench-secret",
        M3_DATA_DIR: this.dataDir,
        M3_DATABASE_URL: this.options.databaseUrl,
        M3_LOG_LEVEL: "info",
        M3_LOG_FORMAT: "json",
        M3_GRPC_HOST: "127.0.0.1",
        CAPTURE_FILE_ROOTS: this.options.captureFileRoots.join(":"),
        M3_CONFIG_PUBLIC_URL: `${gatewayBase}/config`,
        M3_CONFIG_ENDPOINTS: launcherEndpoints(
          allInOneDomains,
          { publicBase: gatewayBase, internalBase: gatewayBase },
          {},
        ),
        ...this.options.env,
      };
      const addresses: Record<string, string> = {};
      for (const domain of DOMAINS) {
        const readyLine = await this.startProcess(
          domain,
          { ...common, ...addressEnv(addresses), [`M3_${domain.toUpperCase()}_GRPC_PORT`]: "0" },
          `${domain} serving gRPC`,
        );
        addresses[domain] = `127.0.0.1:${loggedPort(readyLine)}`;
      }
      const readyLine = await this.startProcess(
        "gateway",
        { ...common, ...addressEnv(addresses), PORT: String(gatewayPort), M3_HOST: "127.0.0.1" },
        "gateway listening",
      );
      this.port = loggedPort(readyLine);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** SIGTERM to each process by PID, the gateway first, so no request reaches a domain that has gone. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.race([
        this.starting.catch(() => {}),
        delay(START_WAIT_MILLIS, undefined, { ref: false }),
      ]);
      for (const name of ["gateway", ...[...DOMAINS].reverse()]) {
        const child = this.children.get(name);
        if (child) await stopChild(child);
      }
      rmSync(this.dataDir, { recursive: true, force: true });
    })();
    return this.stopping;
  }

  private async startProcess(name: string, env: NodeJS.ProcessEnv, readyText: string): Promise<string> {
    if (this.stopping) throw new Error("stopped while starting");
    const starting = startNodeScript(
      join(BUILD_DIR, `${IMAGE_COMMANDS[name]}.js`),
      env,
      readyText,
      benchNodeOptions(processNodeOptions(name)),
    );
    this.starting = starting;
    const started = await starting;
    this.children.set(name, started.child);
    if (this.stopping) throw new Error("stopped while starting");
    return started.readyLine;
  }
}

/** M3_<DOMAIN>_GRPC_ADDRESS of every domain started so far (config finds the kb this way). */
function addressEnv(addresses: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(addresses).map(([domain, address]) => [
      `M3_${domain.toUpperCase()}_GRPC_ADDRESS`,
      address,
    ]),
  );
}

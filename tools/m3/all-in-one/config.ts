import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { readBoolean, readInt, readString } from "../../../services/kit/config/env-reader.js";
import { type LogFormat, readLogFormat } from "../../../services/kit/log/log-format.js";

type Env = Record<string, string | undefined>;

export interface AllInOneConfig {
  /** Gateway port (PORT, default 8080). */
  port: number;
  /** Gateway bind address (M3_HOST, default 0.0.0.0). */
  host: string;
  /** Where SQLite files and generated secrets live (M3_DATA_DIR, default ./data). */
  dataDir: string;
  logLevel: string;
  /** M3_LOG_FORMAT, else readable lines on a terminal and JSON elsewhere. */
  logFormat: LogFormat;
  /** `npm start -- --import-kb` (or M3_KB_IMPORT=true): load the real kb dump into an empty kb first. */
  importKb: boolean;
  /** `npm start -- --demo` (or M3_DEMO=true): the real kb and a small demo data set; implies importKb. */
  demo: boolean;
  /**
   * How many worker processes serve the port together (M3_WORKERS, default the cores this
   * process may use, os.availableParallelism()); 1 serves everything in this one process.
   */
  workers: number;
  /** The environment the domains read their own settings from, secrets filled in. */
  env: Env;
}

/** More workers than this would only add memory (each holds every domain and its pools). */
const MAX_WORKERS = 64;

const OPTIONS = ["--import-kb", "--demo"] as const;

/** The only reader of process.env for the all-in-one process. */
export function readAllInOneConfig(
  processEnv: Env = process.env,
  argv: readonly string[] = process.argv.slice(2),
): AllInOneConfig {
  const unknown = argv.filter((argument) => !(OPTIONS as readonly string[]).includes(argument));
  if (unknown.length > 0) {
    throw new Error(`unknown option ${unknown[0]}: the options are ${OPTIONS.join(" and ")}`);
  }
  const demo = argv.includes("--demo") || readBoolean(processEnv, "M3_DEMO", false);
  const workers = readInt(processEnv, "M3_WORKERS", Math.min(availableParallelism(), MAX_WORKERS), {
    min: 1,
    max: MAX_WORKERS,
  });
  if (workers > 1 && processEnv.M3_EVENTS_ZEROMQ_PORT?.trim()) {
    // Each worker runs its own annotation domain: one port cannot be bound by them all.
    throw new Error(
      `M3_EVENTS_ZEROMQ_PORT needs one process: set M3_WORKERS=1 (it is ${workers}), or use NATS (M3_EVENTS_NATS_URL)`,
    );
  }
  return {
    importKb: demo || argv.includes("--import-kb") || readBoolean(processEnv, "M3_KB_IMPORT", false),
    demo,
    port: readInt(processEnv, "PORT", 8080, { min: 0, max: 65535 }),
    host: readString(processEnv, "M3_HOST", "0.0.0.0"),
    dataDir: resolve(readString(processEnv, "M3_DATA_DIR", "./data")),
    logLevel: readString(processEnv, "M3_LOG_LEVEL", "info"),
    logFormat: readLogFormat(processEnv),
    workers,
    env: { ...processEnv },
  };
}

/**
 * M3_IN_PROCESS_CALLS (default true): the gateway calls the domains of its own process
 * directly, through their handlers; false makes it call them over their loopback gRPC ports, as
 * the split deployment does (to debug the network path).
 */
export function readInProcessCalls(env: Env): boolean {
  return readBoolean(env, "M3_IN_PROCESS_CALLS", true);
}

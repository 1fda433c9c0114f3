import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_CONSOLE_ROOT } from "../../../gateway/src/console/console-root.js";
import { readString } from "../../../services/kit/config/env-reader.js";
import type { AllInOneConfig } from "./config.js";
import type { PreparedStart } from "./prepare-start.js";
import type { RunningPlatform } from "./start-platform.js";

/** Prints the banner of a platform that serves: where, with which secrets, what to try. */
export function printBanner(options: {
  config: AllInOneConfig;
  prepared: PreparedStart;
  platform: Pick<RunningPlatform, "port" | "routes">;
  demo?: { bannerLines(baseUrl: string): readonly string[] };
  workers: number;
}): void {
  const { config, prepared, platform } = options;
  const env = prepared.env;
  const shownHost = config.host === "0.0.0.0" ? "localhost" : config.host;
  const baseUrl = `http://${shownHost}:${platform.port}`;
  // Where the gateway serves the console from (gateway/config.ts reads the same setting).
  const consoleRoot = readString(env, "M3_CONSOLE_DIR", DEFAULT_CONSOLE_ROOT);
  console.log(
    startupBanner({
      baseUrl,
      consoleBuilt: existsSync(join(consoleRoot, "index.html")),
      workers: options.workers,
      apiKey: env.M3_REGISTRY_API_KEY || env.M3_API_KEY || prepared.generatedApiKey,
      admin: { username: env.M3_ADMIN_USER ?? "admin", password: env.M3_ADMIN_PASSWORD ?? "" },
      secretsFile: prepared.secretsWhere,
      secretsCreated: prepared.secretsCreated,
      basePaths: platform.routes.map(({ domain, name, basePath }) => ({ domain: name ?? domain, basePath })),
      demoLines: options.demo?.bannerLines(baseUrl),
    }),
  );
}

/** What a new user needs to start using the running platform, printed once at start-up. */
export function startupBanner(options: {
  baseUrl: string;
  /** Whether the gateway has a built web console to serve at `/`. */
  consoleBuilt: boolean;
  /** How many processes serve the port (M3_WORKERS). */
  workers?: number;
  apiKey: string;
  admin: { username: string; password: string };
  secretsFile: string;
  secretsCreated: boolean;
  basePaths: readonly { domain: string; basePath: string }[];
  /** With --demo: what the demo data holds and what to try with it. */
  demoLines?: readonly string[];
}): string {
  const { baseUrl, apiKey } = options;
  const lines = [
    "",
    `m3 is running at ${baseUrl}`,
    ...(options.workers === undefined ? [] : [servedBy(options.workers)]),
    "",
    options.consoleBuilt
      ? `Web console: ${baseUrl}/  (open it in a browser)`
      : `Web console: not built (npm run console:build builds it, then open ${baseUrl}/)`,
    "REST APIs:",
    ...options.basePaths.map(
      ({ domain, basePath }) =>
        `  ${domain.padEnd(10)} ${baseUrl}${basePath}  (docs: ${baseUrl}${basePath}/docs)`,
    ),
    "",
    options.secretsCreated
      ? `Generated secrets in ${options.secretsFile}:`
      : `Secrets (from ${options.secretsFile} or the environment):`,
    `  API key: ${apiKey}`,
    `  kb administrator: ${options.admin.username} / ${options.admin.password}`,
    "",
    "Try it:",
    `  TOKEN=$(curl -s -X POST -H 'Authorization: APIKEY ${apiKey}' ${baseUrl}/vam/v1/auth | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s -X POST -H "Authorization: Bearer $TOKEN" ${baseUrl}/vam/v1/media \\`,
    "    -d video_sequence_name=Dive-001 -d camera_id=ROV-1 -d video_name=Dive-001-0001 \\",
    "    -d uri=http://example.org/Dive-001-0001.mp4 -d start_timestamp=2024-05-01T10:00:00Z -d duration_millis=600000",
    `  curl -s ${baseUrl}/vam/v1/videosequences/names`,
    `  KB_TOKEN=$(curl -s -X POST -u '${options.admin.username}:${options.admin.password}' ${baseUrl}/kb/v1/auth/login | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s ${baseUrl}/kb/v1/concept/query/root`,
    ...(options.demoLines ?? []),
    "",
  ];
  return lines.join("\n");
}

function servedBy(workers: number): string {
  return workers === 1
    ? "  served by 1 process (M3_WORKERS=1)"
    : `  served by ${workers} worker processes sharing the port (M3_WORKERS=${workers})`;
}

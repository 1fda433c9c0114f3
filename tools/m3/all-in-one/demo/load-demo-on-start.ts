import type { Logger } from "pino";
import { readCaptureSettings } from "../../../../services/capture/config.js";
import { readDomainConfig } from "../../../../services/kit/config/domain-config.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../kb-import/kb-import.js";
import type { RunningPlatform } from "../start-platform.js";
import { demoBannerLines } from "./demo-banner.js";
import { readDemoInventory } from "./demo-inventory.js";
import { DemoLoaderService } from "./demo-loader.service.js";
import { PlatformClient } from "./platform-client.js";

export interface DemoStart {
  /** The banner's demo section for clients reaching the gateway at `publicBase`. */
  bannerLines(publicBase: string): string[];
}

/**
 * `--demo`, once the platform serves: adds the demo data it lacks through the gateway (on
 * loopback, with each domain's own API key), logs what was added or left alone, and reads
 * back what the demo holds for the banner.
 */
export async function loadDemoOnStart(options: {
  platform: Pick<RunningPlatform, "port" | "routes" | "env">;
  dataDir: string;
  host: string;
  logger: Logger;
}): Promise<DemoStart> {
  const startedAt = performance.now();
  const { platform, logger } = options;
  const env = platform.env;
  const apiKeyOf = (domain: string) => readDomainConfig(env, domain, { grpcPort: 0 }).apiKey;
  const client = new PlatformClient(loopbackBase(options.host, platform.port), platform.routes, apiKeyOf);
  const capture = readCaptureSettings(env, options.dataDir, apiKeyOf("capture"));
  const folder = capture.fileRoots[0];
  if (folder === undefined)
    throw new Error("--demo needs a capture file root (CAPTURE_FILE_ROOTS) for its video");
  const loader = new DemoLoaderService({
    client,
    readDump: () => readKbDump(env.M3_KB_DUMP || DEFAULT_KB_DUMP),
    admin: { username: env.M3_ADMIN_USER || "admin", password: env.M3_ADMIN_PASSWORD || "" },
    capture: { apiKey: capture.apiKey, folder, ffmpegPath: capture.ffmpegPath },
    logger,
  });
  const report = await loader.load();
  const inventory = await readDemoInventory(client, report.clip, report.users);
  logger.info(
    { seconds: Number(((performance.now() - startedAt) / 1000).toFixed(2)), dives: inventory.dives },
    "demo data ready",
  );
  return {
    bannerLines: (publicBase) =>
      demoBannerLines({
        inventory,
        urlOf: (rpc, params) => `${publicBase}${client.path(rpc, params)}`,
        captureApiKey: capture.apiKey,
      }),
  };
}

/** Where this process reaches its own gateway. */
function loopbackBase(host: string, port: number): string {
  const address = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
}

/**
 * `npm start`: every domain built so far and the gateway in one process, on embedded
 * storage under ./data, with secrets generated on first start.
 */
import { onShutdownSignal } from "../kit/grpc/shutdown.js";
import { createLogger } from "../kit/log/logger.js";
import { startTracing } from "../kit/tracing/tracing.js";
import { startupBanner } from "./banner.js";
import { readAllInOneConfig } from "./config.js";
import { type DemoStart, loadDemoOnStart } from "./demo/load-demo-on-start.js";
import { importKbOnStart } from "./kb-import-on-start.js";
import { loadGeneratedSecrets } from "./secrets.js";
import { startPlatform } from "./start-platform.js";

const config = readAllInOneConfig();
const logger = createLogger({ name: "m3", level: config.logLevel, format: config.logFormat });
const tracing = await startTracing({ serviceName: "m3", env: config.env });
const { secrets, created, where } = await loadGeneratedSecrets(
  config.env.M3_DATABASE_URL,
  config.dataDir,
).catch((error: unknown) => {
  logger.fatal({ err: error }, "could not read or keep the generated secrets");
  process.exit(1);
});
// Settings from the environment win over the generated ones; empty values count as unset.
const env = { ...config.env };
env.M3_API_KEY ||= secrets.apiKey;
env.M3_SIGNING_SECRET ||= secrets.signingSecret;
env.M3_ADMIN_USER ||= "admin";
env.M3_ADMIN_PASSWORD ||= secrets.adminPassword;

// --demo implies it: the demo annotates concepts of the real kb.
if (config.importKb) {
  await importKbOnStart(env, config.dataDir, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, "the kb import failed");
    process.exit(1);
  });
}

const platform = await startPlatform({
  env,
  dataDir: config.dataDir,
  port: config.port,
  host: config.host,
  logger,
}).catch((error: unknown) => {
  logger.fatal({ err: error }, "m3 failed to start");
  process.exit(1);
});

// From the process's start: what `npm run bench:startup` reports as the routing phase.
logger.info({ port: platform.port, startupMillis: Math.round(performance.now()) }, "m3 ready");

let demo: DemoStart | undefined;
if (config.demo) {
  demo = await loadDemoOnStart({ platform, dataDir: config.dataDir, host: config.host, logger }).catch(
    async (error: unknown) => {
      logger.fatal({ err: error }, "the demo data could not be loaded");
      await platform.stop();
      process.exit(1);
    },
  );
}

const shownHost = config.host === "0.0.0.0" ? "localhost" : config.host;
const baseUrl = `http://${shownHost}:${platform.port}`;
console.log(
  startupBanner({
    baseUrl,
    apiKey: env.M3_REGISTRY_API_KEY || env.M3_API_KEY || secrets.apiKey,
    admin: { username: env.M3_ADMIN_USER, password: env.M3_ADMIN_PASSWORD },
    secretsFile: where,
    secretsCreated: created,
    basePaths: platform.routes.map(({ domain, basePath }) => ({ domain, basePath })),
    demoLines: demo?.bannerLines(baseUrl),
  }),
);

onShutdownSignal(async () => {
  await platform.stop();
  await tracing.shutdown();
}, logger);

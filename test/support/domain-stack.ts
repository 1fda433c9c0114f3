/**
 * One domain's gRPC server (from a DomainModule: the real one, or a test wiring of some of
 * its parts) behind the real gateway, on loopback ports, with fresh secrets. The parts' HTTP
 * tests and the domains' e2e stacks start through here.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { pino } from "pino";
import type { ServiceRoutes } from "../../gateway/src/engine/route-spec.js";
import { startGateway } from "../../gateway/src/index.js";
import type { DomainModule } from "../../services/kit/domain/domain-module.js";
import { startDomain } from "../../services/kit/domain/start-domain.js";
import { PROTO_ROOT } from "../../services/kit/proto-root.js";
import { HttpClient } from "./e2e/http-client.js";

export interface DomainStack {
  http: HttpClient;
  /** The gateway's URL, e.g. http://127.0.0.1:40123. */
  baseUrl: string;
  apiKey: string;
  signingSecret: string;
  /** Stops the gateway and the domain, then removes dataDir. */
  stop(): Promise<void>;
}

export async function startDomainStack(options: {
  module: DomainModule;
  routes: ServiceRoutes;
  /** Removed on stop; the domain's SQLite file lives here when no databaseUrl is given. */
  dataDir: string;
  /** The domain's database (M3_<DOMAIN>_DATABASE_URL); unset = SQLite under dataDir. */
  databaseUrl?: string;
  /** Where HttpClient trades the API key for a token, e.g. "/kb/v1/auth". */
  authPath: string;
  /** More settings of the domain; they win over the generated key and secret. */
  env?: Record<string, string>;
}): Promise<DomainStack> {
  const apiKey = randomBytes(16).toString("hex");
  const signingSecret = randomBytes(32).toString("hex");
  const env: Record<string, string> = { M3_API_KEY: apiKey, M3_SIGNING_SECRET: signingSecret };
  if (options.databaseUrl) env[`M3_${options.module.name.toUpperCase()}_DATABASE_URL`] = options.databaseUrl;
  Object.assign(env, options.env);
  const logger = pino({ level: "silent" });
  const domain = await startDomain(options.module, {
    env,
    logger,
    dataDir: options.dataDir,
    version: "0.0.0-test",
    host: "127.0.0.1",
    port: 0,
  });
  const gateway = await startGateway({
    targets: [{ routes: options.routes, address: domain.address }],
    protoRoot: PROTO_ROOT,
    logger,
    port: 0,
    host: "127.0.0.1",
  }).catch(async (error: unknown) => {
    await domain.stop();
    throw error;
  });
  const baseUrl = `http://127.0.0.1:${gateway.port}`;
  return {
    http: new HttpClient(baseUrl, apiKey, options.authPath),
    baseUrl,
    apiKey,
    signingSecret,
    stop: async () => {
      await gateway.close();
      await domain.stop();
      rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}

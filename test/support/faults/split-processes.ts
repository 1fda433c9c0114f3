import type { ChildProcess } from "node:child_process";
import { loggedPort, startNodeScript } from "../../../tools/dev/fixtures/node-process.js";

/** Every domain the gateway routes to. */
const ALL_DOMAINS = ["kb", "annotation", "registry", "config", "capture", "upload"] as const;
/** A port nothing listens on (tcpmux), for the domains a test does not start. */
const NOWHERE = "127.0.0.1:1";

export interface StartedProcess {
  child: ChildProcess;
  port: number;
}

/**
 * One domain as its own process (`services/<domain>/main.ts` through tsx) on loopback, on the
 * port given (0: a free one); resolves once it serves gRPC.
 */
export async function startDomainProcess(
  domain: string,
  env: NodeJS.ProcessEnv,
  port = 0,
): Promise<StartedProcess> {
  const started = await startNodeScript(
    `services/${domain}/main.ts`,
    { ...env, M3_GRPC_HOST: "127.0.0.1", [`M3_${domain.toUpperCase()}_GRPC_PORT`]: String(port) },
    "serving gRPC",
  );
  return { child: started.child, port: loggedPort(started.readyLine) };
}

/**
 * The gateway as its own process (`gateway/main.ts`), routing each domain in `ports` to that
 * port on loopback and the others nowhere (their routes answer 503); resolves once it listens.
 */
export async function startGatewayProcess(
  env: NodeJS.ProcessEnv,
  ports: Readonly<Record<string, number>>,
): Promise<StartedProcess> {
  const addresses = Object.fromEntries(
    ALL_DOMAINS.map((domain) => {
      const port = ports[domain];
      return [`M3_${domain.toUpperCase()}_GRPC_ADDRESS`, port === undefined ? NOWHERE : `127.0.0.1:${port}`];
    }),
  );
  const started = await startNodeScript(
    "gateway/main.ts",
    { ...env, ...addresses, PORT: "0", M3_HOST: "127.0.0.1" },
    "gateway listening",
  );
  return { child: started.child, port: loggedPort(started.readyLine) };
}

/**
 * The m3 operator as its own process (the image's `operator` command): reconciles the
 * M3Platforms of its namespace while it holds the leader Lease; serves /healthz, /readyz and
 * /metrics. On SIGTERM it releases the Lease so another instance takes over at once; if it
 * loses the Lease it exits, and its Deployment starts it again as a follower.
 */
import { KubeConfig } from "@kubernetes/client-node";
import { createLogger } from "../kit/log/logger.js";
import { Operator } from "./operator.js";
import { readOperatorConfig } from "./operator-config.js";
import { startOperatorServer } from "./operator-server.js";

const config = readOperatorConfig();
const logger = createLogger({ name: "operator", level: config.logLevel });
const kubeConfig = new KubeConfig();
// In a pod: the service account; elsewhere KUBECONFIG or ~/.kube/config, as kubectl reads them.
if (process.env.KUBERNETES_SERVICE_HOST) kubeConfig.loadFromCluster();
else kubeConfig.loadFromDefault();

const server = await startOperatorServer(config.port);
const operator = new Operator(
  kubeConfig,
  config,
  logger,
  Operator.timingFor(config.leaseDurationSeconds),
  () => {
    logger.error("lost the leader Lease; exiting so that only the new leader acts");
    process.exit(1);
  },
);
operator.start();
server.markReady();
logger.info(
  { namespace: config.namespace, identity: config.identity, port: server.port },
  "operator started",
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await operator.stop(true);
    await server.close();
    process.exit(0);
  });
}

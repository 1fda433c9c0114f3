import type { Logger } from "pino";
import { MetricsServiceService } from "../../../proto/gen/m3/common/v1/metrics.js";
import { bindService, type ServiceBinding } from "../grpc/bind-service.js";
import { METRICS_ACCESS } from "./metrics.access.js";
import { metricsContentType, metricsText } from "./metrics-registry.js";

// Nothing here needs a token, so no verifier is ever asked.
const NO_TOKENS = { verifyClaims: () => Promise.reject(new Error("no protected methods")) };

/**
 * m3.common.v1.MetricsService: the process's Prometheus registry over gRPC, so the gateway
 * can serve a domain's legacy metrics route (e.g. the kb's GET /v1/metrics).
 */
export function createMetricsBinding(options: { logger?: Logger } = {}): ServiceBinding {
  return bindService(
    MetricsServiceService,
    {
      getMetrics: async () => ({
        contentType: metricsContentType,
        data: Buffer.from(await metricsText(), "utf8"),
      }),
    },
    { declaration: METRICS_ACCESS, tokens: NO_TOKENS, logger: options.logger },
  );
}

import type { HistogramServiceService } from "../../../../proto/gen/m3/annotation/v1/histogram_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { HistogramService } from "../services/histogram.service.js";

export function histogramHandlers(
  histograms: HistogramService,
): UnaryHandlers<typeof HistogramServiceService> {
  return {
    getDepthHistogram: async (r) => ({
      queryConstraints: r.constraints,
      content: await histograms.depth(r.constraints, r.size),
    }),
    getTimeHistogram: async (r) => {
      const histogram = await histograms.time(r.constraints, r.size);
      return {
        queryConstraints: r.constraints,
        content: {
          binsMin: histogram.binsMin.map((instant) => instant.toTimestamp()),
          binsMax: histogram.binsMax.map((instant) => instant.toTimestamp()),
          values: histogram.values,
        },
      };
    },
  };
}

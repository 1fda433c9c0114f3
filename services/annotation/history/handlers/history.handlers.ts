import type { HistoryServiceService } from "../../../../proto/gen/m3/annotation/v1/history_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { AnnotationHistoryService } from "../services/annotation-history.service.js";

export function historyHandlers(
  history: AnnotationHistoryService,
): UnaryHandlers<typeof HistoryServiceService> {
  return {
    getObservationHistory: async (request) => ({
      contentType: "application/json",
      data: Buffer.from(JSON.stringify(await history.listForObservation(request.uuid))),
    }),
  };
}

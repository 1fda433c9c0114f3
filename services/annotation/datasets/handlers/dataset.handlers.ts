import type {
  DatasetServiceService,
  DatasetSlice,
} from "../../../../proto/gen/m3/annotation/v1/dataset_service.js";
import { currentHealthStatus } from "../../../kit/auth/health-status.binding.js";
import type { ServiceHandlers } from "../../../kit/grpc/bind-service.js";
import { M3_VERSION } from "../../../kit/version.js";
import type { DatasetParts, DatasetService } from "../services/dataset.service.js";
import { toDatasetSlice } from "./dataset.mapper.js";

/** How charybdis names itself in its health record. */
const CHARYBDIS = { application: "charybdis", description: "Annotation and Media Services for MBARI" };

export function datasetHandlers(datasets: DatasetService): ServiceHandlers<typeof DatasetServiceService> {
  return {
    listDatasetByConcept: (r, ctx) => streamed(datasets.byConcept(r.concept, r, ctx.signal), r.data),
    listDatasetByDive: (r, ctx) => streamed(datasets.byDive(r.videoSequenceName, r, ctx.signal), r.data),
    listDatasetByVideoFile: (r, ctx) =>
      streamed(datasets.byVideoFile(r.videoFileName, r, ctx.signal), r.data),
    countDatasetByDive: (r) => datasets.countByDive(r.videoSequenceName),
    getDatasetHealth: async () => currentHealthStatus({ ...CHARYBDIS, version: M3_VERSION }),
  };
}

/** Each part as one streamed message, rendered as it is read; ancillary data unless data is false. */
async function* streamed(parts: DatasetParts, data: boolean | undefined): AsyncGenerator<DatasetSlice> {
  for await (const part of parts) yield toDatasetSlice(part, data ?? true);
}

import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { ANNOTATION_ACCESS } from "./annotations/handlers/annotation.access.js";
import { BOX_ACCESS } from "./boxes/handlers/box.access.js";
import { DATASET_ACCESS } from "./datasets/handlers/dataset.access.js";
import { CHANGE_EVENT_ACCESS } from "./events/change-event.access.js";
import { FAST_QUERY_ACCESS } from "./fast/handlers/fast-query.access.js";
import { HISTORY_ACCESS } from "./history/handlers/history.access.js";
import { INDEX_ACCESS } from "./indices/handlers/index.access.js";
import { ANCILLARY_DATA_ACCESS } from "./moments/handlers/ancillary-data.access.js";
import { IMAGE_ACCESS } from "./moments/handlers/image.access.js";
import { IMAGED_MOMENT_ACCESS } from "./moments/handlers/imaged-moment.access.js";
import { ASSOCIATION_ACCESS } from "./observations/handlers/association.access.js";
import { OBSERVATION_ACCESS } from "./observations/handlers/observation.access.js";
import { HISTOGRAM_ACCESS } from "./query/handlers/histogram.access.js";
import { TABULAR_QUERY_ACCESS } from "./query/handlers/tabular-query.access.js";
import { VIDEO_REFERENCE_INFO_ACCESS } from "./video-infos/handlers/video-reference-info.access.js";

/** Who may call each gRPC method the annotation service serves, by full name (the gateway documents its routes from it). */
export const ANNOTATION_RPC_ACCESS: RpcAccess = rpcAccess([
  ...COMMON_ACCESS,
  IMAGED_MOMENT_ACCESS,
  IMAGE_ACCESS,
  ANCILLARY_DATA_ACCESS,
  OBSERVATION_ACCESS,
  ASSOCIATION_ACCESS,
  ANNOTATION_ACCESS,
  VIDEO_REFERENCE_INFO_ACCESS,
  INDEX_ACCESS,
  FAST_QUERY_ACCESS,
  HISTOGRAM_ACCESS,
  TABULAR_QUERY_ACCESS,
  DATASET_ACCESS,
  BOX_ACCESS,
  CHANGE_EVENT_ACCESS,
  HISTORY_ACCESS,
]);

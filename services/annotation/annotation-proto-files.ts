import { BOX_PROTO_FILES } from "./boxes/boxes-part.js";
import { DATASET_PROTO_FILES } from "./datasets/datasets-part.js";
import { EVENTS_PROTO_FILES } from "./events/events-part.js";
import { FAST_PROTO_FILES } from "./fast/fast-part.js";
import { HISTORY_PROTO_FILES } from "./history/history-part.js";
import { QUERY_PROTO_FILES } from "./query/query-part.js";

/**
 * The annotation service's .proto files, relative to proto/ (resources.proto comes in
 * through their imports). Each part adds its own service protos to its list.
 */
export const MOMENTS_PROTO_FILES = [
  "m3/annotation/v1/imaged_moment_service.proto",
  "m3/annotation/v1/image_service.proto",
  "m3/annotation/v1/ancillary_data_service.proto",
] as const;

export const OBSERVATIONS_PROTO_FILES = [
  "m3/annotation/v1/observation_service.proto",
  "m3/annotation/v1/association_service.proto",
] as const;

export const ANNOTATIONS_PROTO_FILES = [
  "m3/annotation/v1/annotation_service.proto",
  "m3/annotation/v1/video_reference_info_service.proto",
  "m3/annotation/v1/index_service.proto",
] as const;

export const ANNOTATION_PROTO_FILES: readonly string[] = [
  ...new Set([
    ...MOMENTS_PROTO_FILES,
    ...OBSERVATIONS_PROTO_FILES,
    ...ANNOTATIONS_PROTO_FILES,
    ...FAST_PROTO_FILES,
    ...QUERY_PROTO_FILES,
    ...DATASET_PROTO_FILES,
    ...BOX_PROTO_FILES,
    ...EVENTS_PROTO_FILES,
    ...HISTORY_PROTO_FILES,
  ]),
];

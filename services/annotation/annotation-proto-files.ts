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
  ...MOMENTS_PROTO_FILES,
  ...OBSERVATIONS_PROTO_FILES,
  ...ANNOTATIONS_PROTO_FILES,
];

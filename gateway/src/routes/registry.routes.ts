import { REGISTRY_RPC_ACCESS } from "../../../services/registry/registry.access.js";
import type { RouteSpec, ServiceRoutes } from "../engine/route-spec.js";
import { COMMON_PROTO_FILES, commonRoutes } from "./common.routes.js";

const MEDIA = "m3.registry.v1.MediaService";
const SEQUENCES = "m3.registry.v1.VideoSequenceService";
const VIDEOS = "m3.registry.v1.VideoService";
const REFERENCES = "m3.registry.v1.VideoReferenceService";
const PAGE = ["limit", "offset"] as const;

const mediaRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/media/camera/{camera_id}/{start_timestamp}/{end_timestamp}",
    rpc: `${MEDIA}/ListMediaByCameraAndTimeRange`,
    responseBody: "media",
    summary: "Media of a camera whose video starts between two instants (inclusive)",
  },
  {
    method: "GET",
    path: "/v1/media/camera/{camera_id}/{timestamp}",
    rpc: `${MEDIA}/ListMediaByCameraAndTime`,
    responseBody: "media",
    summary: "Media of a camera whose video covers an instant",
  },
  {
    method: "GET",
    path: "/v1/media/concurrent/{video_reference_uuid}",
    rpc: `${MEDIA}/ListConcurrentMedia`,
    responseBody: "media",
    summary: "Media of the same sequence whose videos overlap the given one",
  },
  {
    method: "PUT",
    path: "/v1/media/move/{video_reference_uuid}",
    rpc: `${MEDIA}/MoveMedia`,
    body: "*",
    bodyEncodings: ["form", "json"],
    summary: "Move a video reference to the video with the given name (created when absent)",
  },
  {
    method: "GET",
    path: "/v1/media/sha512/{sha512}",
    rpc: `${MEDIA}/GetMediaBySha512`,
    summary: "The media whose file has this SHA-512 digest",
  },
  {
    method: "GET",
    path: "/v1/media/uri/{uri}",
    rpc: `${MEDIA}/GetMediaByUri`,
    summary: "The media whose file is at this URI (one percent-encoded path segment)",
  },
  {
    method: "GET",
    path: "/v1/media/videoreference/filename/{filename}",
    rpc: `${MEDIA}/ListMediaByFilename`,
    responseBody: "media",
    summary: "Media whose URI ends with this file name",
  },
  {
    method: "GET",
    path: "/v1/media/videoreference/{video_reference_uuid}",
    rpc: `${MEDIA}/GetMediaByVideoReference`,
    summary: "The media of one video reference",
  },
  {
    method: "GET",
    path: "/v1/media/videosequence/{video_sequence_name}",
    rpc: `${MEDIA}/ListMediaByVideoSequenceName`,
    responseBody: "media",
    summary: "Media of a video sequence, by name",
  },
  {
    method: "GET",
    path: "/v1/media/video/{video_name}",
    rpc: `${MEDIA}/ListMediaByVideoName`,
    responseBody: "media",
    summary: "Media of a video, by name",
  },
  {
    method: "PUT",
    path: "/v1/media/{video_reference_uuid}",
    rpc: `${MEDIA}/UpdateMedia`,
    body: "media",
    summary: "Update the media of a video reference (only the fields present)",
  },
  {
    method: "PUT",
    path: "/v1/media",
    rpc: `${MEDIA}/UpdateMedia`,
    body: "media",
    summary: "Update the media located by its sha512 (only the fields present)",
  },
  {
    method: "POST",
    path: "/v1/media",
    rpc: `${MEDIA}/CreateMedia`,
    body: "media",
    summary:
      "Create a media (sequence, video and reference as needed); returns the existing one for a known URI",
  },
];

const videoSequenceRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/videosequences/camera/{camera_id}/{timestamp}",
    rpc: `${SEQUENCES}/ListVideoSequencesByCameraAndTime`,
    responseBody: "video_sequences",
    summary: "Sequences of a camera with a video covering an instant",
  },
  {
    method: "GET",
    path: "/v1/videosequences/camera/{camera_id}",
    rpc: `${SEQUENCES}/ListVideoSequencesByCamera`,
    responseBody: "video_sequences",
    summary: "Sequences of a camera",
  },
  {
    method: "GET",
    path: "/v1/videosequences/cameras",
    rpc: `${SEQUENCES}/ListCameraIds`,
    responseBody: "camera_ids",
    summary: "All camera ids",
  },
  {
    method: "GET",
    path: "/v1/videosequences/lastupdate/{uuid}",
    rpc: `${SEQUENCES}/GetVideoSequenceLastUpdatedTime`,
    summary: "When a sequence last changed",
  },
  {
    method: "GET",
    path: "/v1/videosequences/names/camera/{camera_id}",
    rpc: `${SEQUENCES}/ListVideoSequenceNamesByCamera`,
    responseBody: "names",
    summary: "Names of a camera's sequences",
  },
  {
    method: "GET",
    path: "/v1/videosequences/name/{name}",
    rpc: `${SEQUENCES}/GetVideoSequenceByName`,
    summary: "The sequence with this name",
  },
  {
    method: "GET",
    path: "/v1/videosequences/names/empty",
    rpc: `${SEQUENCES}/ListEmptyVideoSequenceNames`,
    responseBody: "names",
    summary: "Names of sequences without video references",
  },
  {
    method: "GET",
    path: "/v1/videosequences/names",
    rpc: `${SEQUENCES}/ListVideoSequenceNames`,
    responseBody: "names",
    summary: "Names of all sequences",
  },
  {
    method: "GET",
    path: "/v1/videosequences/videoreference/{video_reference_uuid}",
    rpc: `${SEQUENCES}/GetVideoSequenceByVideoReference`,
    summary: "The sequence holding a video reference",
  },
  {
    method: "GET",
    path: "/v1/videosequences/{uuid}",
    rpc: `${SEQUENCES}/GetVideoSequence`,
    summary: "One sequence",
  },
  {
    method: "PUT",
    path: "/v1/videosequences/{uuid}",
    rpc: `${SEQUENCES}/UpdateVideoSequence`,
    body: "*",
    summary: "Update a sequence (only the fields present)",
  },
  {
    method: "DELETE",
    path: "/v1/videosequences/{uuid}",
    rpc: `${SEQUENCES}/DeleteVideoSequence`,
    successStatus: 204,
    summary: "Delete a sequence with its videos and references",
  },
  {
    method: "GET",
    path: "/v1/videosequences",
    rpc: `${SEQUENCES}/ListVideoSequences`,
    responseBody: "video_sequences",
    query: PAGE,
    summary: "A page of sequences",
  },
  {
    method: "POST",
    path: "/v1/videosequences",
    rpc: `${SEQUENCES}/CreateVideoSequence`,
    body: "*",
    summary: "Create a sequence; returns the existing one for a known name",
  },
];

const videoRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/videos/videosequence/name/{video_sequence_name}",
    rpc: `${VIDEOS}/ListVideosByVideoSequenceName`,
    responseBody: "videos",
    summary: "Videos of a sequence, by sequence name",
  },
  {
    method: "GET",
    path: "/v1/videos/videosequence/{video_sequence_uuid}",
    rpc: `${VIDEOS}/ListVideosByVideoSequence`,
    responseBody: "videos",
    summary: "Videos of a sequence, by sequence uuid",
  },
  {
    method: "GET",
    path: "/v1/videos/videoreference/{video_reference_uuid}",
    rpc: `${VIDEOS}/GetVideoByVideoReference`,
    summary: "The video holding a video reference",
  },
  {
    method: "GET",
    path: "/v1/videos/lastupdate/{uuid}",
    rpc: `${VIDEOS}/GetVideoLastUpdatedTime`,
    summary: "When a video last changed",
  },
  {
    method: "GET",
    path: "/v1/videos/name/{name}",
    rpc: `${VIDEOS}/ListVideosByName`,
    responseBody: "videos",
    summary: "The video with this name, as a list of zero or one",
  },
  {
    method: "GET",
    path: "/v1/videos/names/videosequence/{video_sequence_name}",
    rpc: `${VIDEOS}/ListVideoNamesByVideoSequenceName`,
    responseBody: "names",
    summary: "Names of a sequence's videos",
  },
  {
    method: "GET",
    path: "/v1/videos/timestamp/{start_timestamp}/{end_timestamp}",
    rpc: `${VIDEOS}/ListVideosByTimeRange`,
    responseBody: "videos",
    summary: "Videos starting between two instants (inclusive)",
  },
  {
    method: "GET",
    path: "/v1/videos/timestamp/{timestamp}",
    rpc: `${VIDEOS}/ListVideosByTime`,
    responseBody: "videos",
    summary: "Videos covering an instant",
  },
  {
    method: "GET",
    path: "/v1/videos",
    rpc: `${VIDEOS}/ListVideos`,
    responseBody: "videos",
    query: PAGE,
    summary: "A page of videos",
  },
  {
    method: "POST",
    path: "/v1/videos",
    rpc: `${VIDEOS}/CreateVideo`,
    body: "*",
    summary: "Create a video in a sequence; returns the existing one for a known name",
  },
  {
    method: "GET",
    path: "/v1/videos/{uuid}",
    rpc: `${VIDEOS}/GetVideo`,
    summary: "One video",
  },
  {
    method: "PUT",
    path: "/v1/videos/{uuid}",
    rpc: `${VIDEOS}/UpdateVideo`,
    body: "*",
    summary: "Update a video (only the fields present); video_sequence_uuid moves it",
  },
  {
    method: "DELETE",
    path: "/v1/videos/{uuid}",
    rpc: `${VIDEOS}/DeleteVideo`,
    successStatus: 204,
    summary: "Delete a video with its references",
  },
];

const videoReferenceRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/videoreferences/lastupdate/{uuid}",
    rpc: `${REFERENCES}/GetVideoReferenceLastUpdatedTime`,
    summary: "When a video reference last changed",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/uri/{uri}",
    rpc: `${REFERENCES}/GetVideoReferenceByUri`,
    summary: "The video reference at this URI (one percent-encoded path segment)",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/uris",
    rpc: `${REFERENCES}/ListVideoReferenceUris`,
    responseBody: "uris",
    summary: "URIs of all video references",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/sha512/{sha512}",
    rpc: `${REFERENCES}/GetVideoReferenceBySha512`,
    summary: "The video reference with this SHA-512 digest",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${REFERENCES}/GetVideoReference`,
    summary: "One video reference",
  },
  {
    method: "PUT",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${REFERENCES}/UpdateVideoReference`,
    body: "*",
    summary: "Update a video reference (only the fields present); video_uuid moves it",
  },
  {
    method: "DELETE",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${REFERENCES}/DeleteVideoReference`,
    successStatus: 204,
    summary: "Delete a video reference",
  },
  {
    method: "GET",
    path: "/v1/videoreferences",
    rpc: `${REFERENCES}/ListVideoReferences`,
    responseBody: "video_references",
    query: PAGE,
    summary: "A page of video references",
  },
  {
    method: "POST",
    path: "/v1/videoreferences",
    rpc: `${REFERENCES}/CreateVideoReference`,
    body: "*",
    summary: "Create a video reference in a video; returns the existing one for a known URI",
  },
];

/** The video registry (legacy vampire-squid): snake_case JSON, absent fields left out. */
export const registryRoutes: ServiceRoutes = {
  domain: "registry",
  basePath: "/vam",
  title: "m3 video registry",
  protoFiles: [
    ...COMMON_PROTO_FILES,
    "m3/registry/v1/media_service.proto",
    "m3/registry/v1/video_sequence_service.proto",
    "m3/registry/v1/video_service.proto",
    "m3/registry/v1/video_reference_service.proto",
  ],
  access: REGISTRY_RPC_ACCESS,
  casing: "snake",
  nulls: "omit",
  routes: [
    ...commonRoutes(),
    ...mediaRoutes,
    ...videoSequenceRoutes,
    ...videoRoutes,
    ...videoReferenceRoutes,
  ],
};

import { CAPTURE_RPC_ACCESS } from "../../../services/capture/capture.access.js";
import type { RouteSpec, ServiceRoutes } from "../engine/route-spec.js";

const CAPTURE = "m3.capture.v1.CaptureService";
const VIDEO_FILES = "m3.capture.v1.VideoFileService";

/** Pool full: 503 (the domain adds Retry-After) instead of the table's 429. */
const CAPTURE_ERRORS = { RESOURCE_EXHAUSTED: 503 } as const;

function captureRoute(path: string, method: string, summary: string): RouteSpec {
  return {
    method: "POST",
    path,
    rpc: `${CAPTURE}/${method}`,
    body: "capture",
    bodyEncodings: ["json"],
    strictStrings: true,
    query: ["accurate", "nokey"],
    render: "http-body",
    errorStatus: CAPTURE_ERRORS,
    summary,
  };
}

/** The frame-capture service (legacy beholder): routes start at the base path, without a version. */
export const captureRoutes: ServiceRoutes = {
  domain: "capture",
  basePath: "/capture",
  title: "m3 frame capture",
  docsPaths: ["/docs"],
  protoFiles: [
    "m3/capture/v1/capture_service.proto",
    "m3/capture/v1/video_file_service.proto",
    "m3/common/v1/health.proto",
  ],
  access: CAPTURE_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [
    captureRoute(
      "/capture",
      "CaptureFrame",
      "The frame of videoUrl at elapsedTimeMillis, as imageType (jpg or png); header `X-Api-Key`, or a kb user's `Authorization: Bearer` token",
    ),
    captureRoute(
      "/capture/jpg",
      "CaptureJpegFrame",
      "The frame as a JPEG, whatever imageType says; header `X-Api-Key`, or a kb user's `Authorization: Bearer` token",
    ),
    captureRoute(
      "/capture/png",
      "CapturePngFrame",
      "The frame as a PNG, whatever imageType says; header `X-Api-Key`, or a kb user's `Authorization: Bearer` token",
    ),
    {
      method: "POST",
      path: "/media/tickets",
      rpc: `${VIDEO_FILES}/CreateVideoFileTicket`,
      body: "*",
      bodyEncodings: ["json"],
      strictStrings: true,
      summary:
        "A ticket to play the `file:` video videoUrl (under the capture file roots) from `GET /capture/media?ticket=…` with HTTP Range, for CAPTURE_VIDEO_TICKET_SECONDS; a kb user's `Authorization: Bearer` token, or header `X-Api-Key`",
    },
    {
      method: "GET",
      path: "/health",
      rpc: "m3.common.v1.HealthStatusService/GetHealthStatus",
      summary: "Health and runtime figures of the capture service",
    },
  ],
};

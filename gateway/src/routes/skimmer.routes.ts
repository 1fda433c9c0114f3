import { CAPTURE_RPC_ACCESS } from "../../../services/capture/capture.access.js";
import type { ServiceRoutes } from "../engine/route-spec.js";

const CROP = "m3.capture.v1.CropService";

/**
 * The crop service (legacy skimmer), which the capture domain serves: skimmer's routes at its
 * usual proxy path, so a client given `<server>/skimmer` as skimmer's URL calls `/crop` below it.
 */
export const skimmerRoutes: ServiceRoutes = {
  domain: "capture",
  name: "skimmer",
  basePath: "/skimmer",
  title: "m3 crops (skimmer)",
  docsPaths: ["/docs"],
  protoFiles: ["m3/capture/v1/crop_service.proto"],
  access: CAPTURE_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [
    {
      method: "GET",
      path: "/crop",
      rpc: `${CROP}/CropImage`,
      query: ["url", "left", "top", "right", "bottom", "ms"],
      render: "http-body",
      replyHeaders: { "X-Cache": "cache_status" },
      // A video's frame is taken by capture; its pool full is 503 with Retry-After, not 429.
      errorStatus: { RESOURCE_EXHAUSTED: 503 },
      summary:
        "The region [left, right) x [top, bottom) of the image at url (of a video's frame at ms) as a PNG; header `X-Cache: HIT|MISS`",
    },
    {
      method: "GET",
      path: "/health",
      rpc: `${CROP}/GetCropHealthStatus`,
      summary: "Health and runtime figures of the crop service",
    },
  ],
};

import type { RouteSpec } from "../engine/route-spec.js";

const DEEP_SEA_GUIDE = "m3.kb.v1.DeepSeaGuideService";

/** The Deep-Sea Guide service's .proto file, relative to proto/. */
export const KB_DEEP_SEA_GUIDE_PROTO_FILES = ["m3/kb/v1/deep_sea_guide_service.proto"] as const;

/** What MBARI's Deep-Sea Guide asks of the kb beside the legacy routes. */
export const kbDeepSeaGuideRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/dsg/images/representative/{name}",
    rpc: `${DEEP_SEA_GUIDE}/ListRepresentativeImages`,
    query: ["limit"],
    responseBody: "images",
    summary:
      "Images representing a concept (limit 1-1000, default 12): its own image media, primary first; when it has none, its descendants' breadth first, each URL once",
  },
];

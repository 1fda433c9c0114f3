import { UPLOAD_RPC_ACCESS } from "../../../services/upload/upload.access.js";
import type { ServiceRoutes } from "../engine/route-spec.js";
import { COMMON_PROTO_FILES, commonRoutes } from "./common.routes.js";

const IMAGES = "m3.upload.v1.ImageService";
/**
 * The gateway's cap on an upload: the legacy default (PANOPTES_MAX_SIZE_MB = 50). The upload
 * service enforces its own M3_UPLOAD_MAX_BYTES as well (also 413); the smaller limit wins.
 */
export const UPLOAD_ROUTE_MAX_BYTES = 50 * 1024 * 1024;

/** The image upload service (legacy panoptes): camelCase JSON, absent fields left out. */
export const uploadRoutes: ServiceRoutes = {
  domain: "upload",
  basePath: "/panoptes",
  title: "m3 image upload service",
  protoFiles: [...COMMON_PROTO_FILES, "m3/upload/v1/image_service.proto"],
  access: UPLOAD_RPC_ACCESS,
  casing: "camel",
  nulls: "omit",
  routes: [
    ...commonRoutes(),
    {
      method: "GET",
      path: "/v1/images/{camera_id}/{deployment_id}/{name}",
      rpc: `${IMAGES}/ResolveImage`,
      summary: "Where a stored image is: its public URI with the names it was filed under",
    },
    {
      method: "POST",
      path: "/v1/images/{camera_id}/{deployment_id}/{name}",
      rpc: `${IMAGES}/UploadImage`,
      body: "*",
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: UPLOAD_ROUTE_MAX_BYTES },
      errorStatus: { RESOURCE_EXHAUSTED: 413 },
      summary: "Store an image (multipart part `file`), replacing any image of the same names",
    },
  ],
};

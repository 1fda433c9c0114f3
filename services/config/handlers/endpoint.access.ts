import { EndpointServiceService } from "../../../proto/gen/m3/config/v1/endpoint_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Open to all: a missing or invalid token only hides the secrets (never a 401). */
export const ENDPOINT_ACCESS = declareAccess(EndpointServiceService, {
  listEndpoints: "none",
});

import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { LINK_ACCESS } from "./attachments/handlers/link.access.js";
import { LINK_REALIZATION_ACCESS } from "./attachments/handlers/link-realization.access.js";
import { LINK_TEMPLATE_ACCESS } from "./attachments/handlers/link-template.access.js";
import { MEDIA_ACCESS } from "./attachments/handlers/media.access.js";
import { REFERENCE_ACCESS } from "./attachments/handlers/reference.access.js";
import { DEEP_SEA_GUIDE_ACCESS } from "./deep-sea-guide/deep-sea-guide.access.js";
import { HISTORY_ACCESS } from "./history/handlers/history.access.js";
import { PREFERENCE_ACCESS } from "./people/handlers/preference.access.js";
import { USER_ACCESS } from "./people/handlers/user.access.js";
import { USER_AUTH_ACCESS } from "./people/handlers/user-auth.access.js";
import { PHYLOGENY_ACCESS } from "./phylogeny/phylogeny.access.js";
import { CONCEPT_ACCESS } from "./tree/handlers/concept.access.js";
import { CONCEPT_NAME_ACCESS } from "./tree/handlers/concept-name.access.js";
import { RAW_ACCESS } from "./tree/handlers/raw.access.js";

/** Who may call each gRPC method the kb serves, by full name (the gateway documents its routes from it). */
export const KB_RPC_ACCESS: RpcAccess = rpcAccess([
  ...COMMON_ACCESS,
  CONCEPT_ACCESS,
  CONCEPT_NAME_ACCESS,
  RAW_ACCESS,
  PHYLOGENY_ACCESS,
  MEDIA_ACCESS,
  REFERENCE_ACCESS,
  LINK_TEMPLATE_ACCESS,
  LINK_ACCESS,
  LINK_REALIZATION_ACCESS,
  HISTORY_ACCESS,
  USER_ACCESS,
  USER_AUTH_ACCESS,
  PREFERENCE_ACCESS,
  DEEP_SEA_GUIDE_ACCESS,
]);

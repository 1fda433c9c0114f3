import { KB_RPC_ACCESS } from "../../../services/kb/kb.access.js";
import type { ServiceRoutes } from "../engine/route-spec.js";
import { COMMON_PROTO_FILES, commonRoutes } from "./common.routes.js";
import { KB_ATTACHMENTS_PROTO_FILES, kbAttachmentsRoutes } from "./kb-attachments.routes.js";
import { KB_DEEP_SEA_GUIDE_PROTO_FILES, kbDeepSeaGuideRoutes } from "./kb-deep-sea-guide.routes.js";
import { KB_HISTORY_PROTO_FILES, kbHistoryRoutes } from "./kb-history.routes.js";
import { KB_PEOPLE_PROTO_FILES, kbPeopleRoutes } from "./kb-people.routes.js";
import { KB_PHYLOGENY_PROTO_FILES, kbPhylogenyRoutes } from "./kb-phylogeny.routes.js";
import { KB_TREE_PROTO_FILES, kbTreeRoutes } from "./kb-tree.routes.js";

/** The knowledge base (legacy oni): camelCase JSON, absent optional fields printed as null. */
export const kbRoutes: ServiceRoutes = {
  domain: "kb",
  basePath: "/kb",
  title: "m3 knowledge base",
  // The spec serves the kb's docs at /v1/docs; /docs as every other service does.
  docsPaths: ["/docs", "/v1/docs"],
  protoFiles: [
    ...COMMON_PROTO_FILES,
    ...KB_TREE_PROTO_FILES,
    ...KB_PHYLOGENY_PROTO_FILES,
    ...KB_ATTACHMENTS_PROTO_FILES,
    ...KB_HISTORY_PROTO_FILES,
    ...KB_PEOPLE_PROTO_FILES,
    ...KB_DEEP_SEA_GUIDE_PROTO_FILES,
  ],
  access: KB_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [
    ...commonRoutes(),
    ...kbTreeRoutes,
    ...kbPhylogenyRoutes,
    ...kbAttachmentsRoutes,
    ...kbHistoryRoutes,
    ...kbPeopleRoutes,
    ...kbDeepSeaGuideRoutes,
  ],
};

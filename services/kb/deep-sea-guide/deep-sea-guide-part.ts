import { DeepSeaGuideServiceService } from "../../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import { VersionedReadCache } from "../cache/versioned-read-cache.js";
import type { KbPart, KbPartDeps } from "../contracts/part.js";
import type { PhylogenyCache } from "../phylogeny/phylogeny.cache.js";
import { DEEP_SEA_GUIDE_ACCESS } from "./deep-sea-guide.access.js";
import { deepSeaGuideHandlers } from "./deep-sea-guide.handlers.js";
import { RepresentativeImageService } from "./representative-images.service.js";

/**
 * The Deep-Sea Guide's own kb route (representative images), over the tree and attachments
 * parts' tables; it walks the phylogeny part's cached tree, shared with it, and keeps its answers
 * until the kb's next write.
 */
export function createDeepSeaGuidePart(deps: KbPartDeps, phylogeny: PhylogenyCache): KbPart {
  return {
    bindings: [
      bindService(
        DeepSeaGuideServiceService,
        deepSeaGuideHandlers(
          new RepresentativeImageService(deps.storage, phylogeny, new VersionedReadCache(deps.versions)),
        ),
        { declaration: DEEP_SEA_GUIDE_ACCESS, tokens: deps.tokens, logger: deps.logger },
      ),
    ],
  };
}

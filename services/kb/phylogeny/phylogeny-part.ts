import type { Logger } from "pino";
import { PhylogenyServiceService } from "../../../proto/gen/m3/kb/v1/phylogeny_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { VersionWatch } from "../cache/version-watch.js";
import type { KbPart, KbPartDeps } from "../contracts/part.js";
import { PHYLOGENY_ACCESS } from "./phylogeny.access.js";
import { PhylogenyCache } from "./phylogeny.cache.js";
import { phylogenyHandlers } from "./phylogeny.handlers.js";
import { PhylogenyRepository } from "./phylogeny.repository.js";
import { PhylogenyService } from "./phylogeny.service.js";

/**
 * The phylogeny service over the tree part's tables (it has no schema of its own); `versions`
 * is the kb's shared version check, else its own.
 */
export function createPhylogenyService(
  storage: DomainStorage,
  logger?: Logger,
  versions?: VersionWatch,
): PhylogenyService {
  return new PhylogenyService(new PhylogenyCache(storage, new PhylogenyRepository(), logger, versions));
}

/** The kb's cached concept tree, shared by the parts that walk it (phylogeny, the Deep-Sea Guide's). */
export function createPhylogenyCache(deps: KbPartDeps): PhylogenyCache {
  return new PhylogenyCache(deps.storage, new PhylogenyRepository(), deps.logger, deps.versions);
}

/** The phylogeny part of the kb, as kb.module.ts assembles it, over the shared tree. */
export function createPhylogenyPart(deps: KbPartDeps, cache: PhylogenyCache): KbPart {
  const phylogeny = new PhylogenyService(cache);
  return {
    bindings: [
      bindService(PhylogenyServiceService, phylogenyHandlers(phylogeny), {
        declaration: PHYLOGENY_ACCESS,
        tokens: deps.tokens,
        logger: deps.logger,
      }),
    ],
    warm: () => phylogeny.warm(),
  };
}

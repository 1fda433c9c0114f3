import type { EntityManager } from "typeorm";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { VersionedReadCache } from "../../cache/versioned-read-cache.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import type { LinkEntity } from "../entities/link.entity.js";
import { LinkRepository } from "../repositories/link.repository.js";
import type { LinkView } from "./attachment.views.js";
import { byLinkNameIgnoringCase } from "./link.rules.js";
import { LinkReader } from "./link-reader.js";

const count = (answer: readonly unknown[]) => answer.length;

/**
 * Templates as annotation tools see them: everything, or what applies to one concept. Answers
 * come from the cache while the kb's version stays the same.
 */
export class LinkViewService {
  private readonly reader: LinkReader;

  constructor(
    private readonly deps: { storage: DomainStorage; directory: ConceptDirectory },
    private readonly cache: VersionedReadCache,
  ) {
    this.reader = new LinkReader("template", deps.directory);
  }

  /** Every template (capped at 20,000), case-insensitively by name. */
  async listAll(): Promise<LinkEntity[]> {
    return this.cache.read(
      "all templates",
      () => this.deps.storage.read((manager) => new LinkRepository(manager, "template").listAll()),
      count,
    );
  }

  /** The concept's own templates and every ancestor's, optionally of one link name, with their owners. */
  async listApplicable(name: string, linkName?: string): Promise<LinkView[]> {
    return this.cache.read(
      `applicable templates\0${name}\0${linkName ?? ""}\0${linkName === undefined}`,
      () =>
        this.deps.storage.read(async (manager) => {
          const links = await this.applicable(manager, name);
          const chosen = linkName === undefined ? links : links.filter((link) => link.linkName === linkName);
          return byLinkNameIgnoringCase(await this.reader.views(manager, chosen), (view) => view.link);
        }),
      count,
    );
  }

  private async applicable(manager: EntityManager, name: string): Promise<LinkEntity[]> {
    const concept = await this.deps.directory.requireByAnyName(manager, name);
    const lineage = await this.deps.directory.lineage(manager, concept.id);
    return new LinkRepository(manager, "template").listByConcepts(lineage.map((ref) => ref.id));
  }
}

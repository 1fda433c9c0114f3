import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import type { ConceptView, ConceptViewLoader } from "./concept-view.js";
import { conceptNotFound } from "./tree-errors.js";

/** GET /concept returns at most this many names, as the legacy service did. */
export const ALL_NAMES_LIMIT = 10_000;

/** The read side of the concept tree. */
export class ConceptQueryService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly directory: ConceptDirectory,
    private readonly views: ConceptViewLoader,
  ) {}

  async listAllNames(): Promise<string[]> {
    return this.storage.read((manager) => treeRepositories(manager).names.listNames(ALL_NAMES_LIMIT, 0));
  }

  async get(name: string): Promise<ConceptView> {
    return this.storage.read((manager) => this.view(manager, name));
  }

  /** Concepts with a name containing `text` (ignoring case), sorted by primary name. */
  async find(text: string): Promise<ConceptView[]> {
    requireText(text, "name");
    return this.storage.read(async (manager) => {
      const ids = await treeRepositories(manager).names.conceptIdsContaining(text);
      return this.views.sortedByPrimaryName(manager, ids);
    });
  }

  async parent(name: string): Promise<ConceptView> {
    return this.storage.read(async (manager) => {
      const concept = await this.directory.requireByAnyName(manager, name);
      const parent =
        concept.parentId === undefined ? undefined : await this.views.one(manager, concept.parentId);
      if (!parent) throw DomainError.notFound(`Parent concept for \`${name}\` was not found`, { name });
      return parent;
    });
  }

  async children(name: string): Promise<ConceptView[]> {
    return this.storage.read(async (manager) => {
      const concept = await this.directory.requireByAnyName(manager, name);
      const ids = await treeRepositories(manager).concepts.childIds([concept.id]);
      return this.views.sortedByPrimaryName(manager, ids);
    });
  }

  async root(): Promise<ConceptView> {
    return this.storage.read(async (manager) => {
      const [root] = await treeRepositories(manager).concepts.roots();
      const view = root ? await this.views.one(manager, root.id) : undefined;
      if (!view) throw DomainError.notFound("Root concept is missing");
      return view;
    });
  }

  private async view(manager: EntityManager, name: string): Promise<ConceptView> {
    const concept = await this.directory.requireByAnyName(manager, name);
    const view = await this.views.one(manager, concept.id);
    if (!view) throw conceptNotFound(name);
    return view;
  }
}

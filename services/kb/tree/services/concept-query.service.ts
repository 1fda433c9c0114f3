import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import {
  CACHED_CONCEPTS_LIMIT,
  type CacheScope,
  type VersionedReadCache,
} from "../../cache/versioned-read-cache.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import type { ConceptView, ConceptViewLoader } from "./concept-view.js";
import { conceptNotFound } from "./tree-errors.js";

/** GET /concept returns at most this many names, as the legacy service did. */
export const ALL_NAMES_LIMIT = 10_000;

const count = (answer: readonly unknown[]) => answer.length;

/** The cache key of the concept owning a name (shared with ConceptNameService.get). */
export const conceptKey = (name: string) => `concept\0${name}`;

/**
 * The read side of the concept tree. Answers come from the cache while the kb's version
 * stays the same (one version check per request) and are loaded from the tables otherwise.
 */
export class ConceptQueryService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly directory: ConceptDirectory,
    private readonly views: ConceptViewLoader,
    private readonly cache: VersionedReadCache,
  ) {}

  /**
   * Loads every concept's view into the cache, filed under each of its names, so memory reaches
   * its steady size at start instead of creeping up as concepts are first read. Returns how
   * many concepts it loaded (none when the kb is larger than the cache holds).
   */
  async warm(): Promise<number> {
    return this.cache.fill((scope) =>
      this.storage.read(async (manager) => {
        const ids = await treeRepositories(manager).concepts.allIds();
        if (ids.length > CACHED_CONCEPTS_LIMIT) return 0;
        const views = await this.views.sortedByPrimaryName(manager, ids, scope);
        for (const view of views) {
          for (const { name } of view.names) scope.keep(conceptKey(name), view);
        }
        return views.length;
      }),
    );
  }

  async listAllNames(): Promise<string[]> {
    return this.cache.read(
      "names",
      () =>
        this.storage.read((manager) => treeRepositories(manager).names.listNames({ limit: ALL_NAMES_LIMIT })),
      count,
    );
  }

  /** The number of concepts (not of names), counted by the database. */
  async count(): Promise<number> {
    return this.cache.read("concept count", () =>
      this.storage.read((manager) => treeRepositories(manager).concepts.count()),
    );
  }

  async get(name: string): Promise<ConceptView> {
    return this.cache.read(conceptKey(name), (scope) =>
      this.storage.read((manager) => this.view(manager, name, scope)),
    );
  }

  /** Concepts with a name containing `text` (ignoring case), sorted by primary name. */
  async find(text: string): Promise<ConceptView[]> {
    requireText(text, "name");
    return this.cache.read(
      `find\0${text}`,
      (scope) =>
        this.storage.read(async (manager) => {
          const ids = await treeRepositories(manager).names.conceptIdsContaining(text);
          return this.views.sortedByPrimaryName(manager, ids, scope);
        }),
      count,
    );
  }

  async parent(name: string): Promise<ConceptView> {
    return this.cache.read(`parent\0${name}`, (scope) =>
      this.storage.read(async (manager) => {
        const concept = await this.directory.requireByAnyName(manager, name);
        const parent =
          concept.parentId === undefined ? undefined : await this.views.one(manager, concept.parentId, scope);
        if (!parent) throw DomainError.notFound(`Parent concept for \`${name}\` was not found`, { name });
        return parent;
      }),
    );
  }

  async children(name: string): Promise<ConceptView[]> {
    return this.cache.read(
      `children\0${name}`,
      (scope) =>
        this.storage.read(async (manager) => {
          const concept = await this.directory.requireByAnyName(manager, name);
          const ids = await treeRepositories(manager).concepts.childIds([concept.id]);
          return this.views.sortedByPrimaryName(manager, ids, scope);
        }),
      count,
    );
  }

  async root(): Promise<ConceptView> {
    return this.cache.read("root", (scope) =>
      this.storage.read(async (manager) => {
        const [root] = await treeRepositories(manager).concepts.roots();
        const view = root ? await this.views.one(manager, root.id, scope) : undefined;
        if (!view) throw DomainError.notFound("Root concept is missing");
        return view;
      }),
    );
  }

  private async view(manager: EntityManager, name: string, scope: CacheScope): Promise<ConceptView> {
    const concept = await this.directory.requireByAnyName(manager, name);
    const view = await this.views.one(manager, concept.id, scope);
    if (!view) throw conceptNotFound(name);
    return view;
  }
}

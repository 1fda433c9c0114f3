import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { CacheScope, VersionedReadCache } from "../../cache/versioned-read-cache.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { HISTORY_FIELDS, type HistoryRecorder } from "../../contracts/history.js";
import type { Principal } from "../../contracts/principal.js";
import type { ConceptNameEntity } from "../entities/concept-name.entity.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import { conceptKey } from "./concept-query.service.js";
import type { ConceptView, ConceptViewLoader } from "./concept-view.js";
import { FORMER, isPrimary, requireNameType } from "./name-type.rules.js";
import { conceptNotFound, nameAlreadyExists } from "./tree-errors.js";

export interface ConceptNameCreate {
  name: string;
  newName: string;
  nameType: string;
  author?: string;
}

export interface ConceptNameUpdate {
  newName?: string;
  nameType?: string;
  author?: string;
}

export interface NamePage {
  names: string[];
  limit: number;
  offset: number;
}

export const DEFAULT_NAMES_LIMIT = 10_000;
const MAX_NAME_LENGTH = 128;

/** Adds, renames, retypes and removes the names of concepts, each with its history record. */
export class ConceptNameService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly directory: ConceptDirectory,
    private readonly history: HistoryRecorder,
    private readonly views: ConceptViewLoader,
    private readonly cache: VersionedReadCache,
  ) {}

  async list(limit: number | undefined, offset: number | undefined): Promise<NamePage> {
    const page = { limit: limit ?? DEFAULT_NAMES_LIMIT, offset: offset ?? 0 };
    if (page.limit < 0 || page.offset < 0) {
      const field = page.limit < 0 ? "limit" : "offset";
      throw DomainError.invalidArgument("NEGATIVE_PAGE", `${field} must not be negative`, { field });
    }
    return this.storage.read(async (manager) => ({
      ...page,
      names: await treeRepositories(manager).names.listNames(page),
    }));
  }

  /** The concept owning a name. */
  /** The concept owning the name; the same cached answer as ConceptQueryService.get. */
  async get(name: string): Promise<ConceptView> {
    return this.cache.read(conceptKey(name), (scope) =>
      this.storage.read(async (manager) => {
        const ref = await this.directory.requireByAnyName(manager, name);
        return this.reread(manager, ref.id, name, scope);
      }),
    );
  }

  /** Adds a name now, whatever the role; a new primary name demotes the old one to former. */
  async create(input: ConceptNameCreate, principal: Principal): Promise<ConceptView> {
    const name = requireText(input.name, "name");
    const newName = checkedName(input.newName, "newName");
    const nameType = requireNameType(requireText(input.nameType, "nameType"));
    return this.storage.transaction(async (manager) => {
      const { names } = treeRepositories(manager);
      const ref = await this.directory.requireByAnyName(manager, name);
      if (await names.byName(newName)) throw nameAlreadyExists(newName, "newName");
      let oldPrimary: string | undefined;
      if (isPrimary(nameType)) {
        const current = (await names.ofConcepts([ref.id])).filter((n) => isPrimary(n.nameType));
        for (const primary of current) await names.update(primary.id, { nameType: FORMER });
        oldPrimary = current[0]?.name;
      }
      await names.insert({ conceptId: ref.id, name: newName, nameType, author: input.author ?? null });
      await this.history.record(manager, {
        conceptId: ref.id,
        action: "ADD",
        field: HISTORY_FIELDS.conceptName,
        oldValue: oldPrimary,
        newValue: newName,
        principal,
        approveNow: principal.isAdmin,
      });
      await this.directory.markTreeChanged(manager);
      return this.reread(manager, ref.id, newName);
    });
  }

  /** Renames, retypes or re-authors a name now. A name made primary demotes the old primary to former. */
  async update(name: string, input: ConceptNameUpdate, principal: Principal): Promise<ConceptView> {
    const newName = input.newName === undefined ? undefined : checkedName(input.newName, "newName");
    const nameType = input.nameType === undefined ? undefined : requireNameType(input.nameType);
    return this.storage.transaction(async (manager) => {
      const { names } = treeRepositories(manager);
      const row = await this.requireName(manager, name);
      if (nameType !== undefined && isPrimary(row.nameType) && !isPrimary(nameType)) {
        throw DomainError.failedPrecondition(
          "PRIMARY_NAME_RETYPE",
          "Attempting to change a primary name to a non-primary name. Use add name instead.",
          { field: "nameType" },
        );
      }
      if (nameType !== undefined && isPrimary(nameType) && !isPrimary(row.nameType)) {
        const others = (await names.ofConcepts([row.conceptId])).filter((n) => isPrimary(n.nameType));
        for (const primary of others) await names.update(primary.id, { nameType: FORMER });
      }
      if (newName !== undefined && newName !== row.name) {
        if (await names.byName(newName)) throw nameAlreadyExists(newName, "newName");
        await this.history.record(manager, {
          conceptId: row.conceptId,
          action: "REPLACE",
          field: HISTORY_FIELDS.conceptName,
          oldValue: row.name,
          newValue: newName,
          principal,
          approveNow: principal.isAdmin,
        });
      }
      await names.update(row.id, {
        ...(newName === undefined ? {} : { name: newName }),
        ...(nameType === undefined ? {} : { nameType }),
        ...(input.author === undefined ? {} : { author: input.author }),
      });
      await this.directory.markTreeChanged(manager);
      return this.reread(manager, row.conceptId, newName ?? name);
    });
  }

  /** Removes a non-primary name now for an admin; a non-admin's delete waits for approval. */
  async delete(name: string, principal: Principal): Promise<ConceptView> {
    return this.storage.transaction(async (manager) => {
      const row = await this.requireName(manager, name);
      if (isPrimary(row.nameType)) {
        throw DomainError.failedPrecondition(
          "PRIMARY_NAME_DELETE",
          "Cannot delete a primary name. Use add name instead.",
          { field: "name" },
        );
      }
      await this.history.record(manager, {
        conceptId: row.conceptId,
        action: "DELETE",
        field: HISTORY_FIELDS.conceptName,
        oldValue: row.name,
        principal,
        approveNow: principal.isAdmin,
      });
      if (principal.isAdmin) {
        await treeRepositories(manager).names.delete(row.id);
        await this.directory.markTreeChanged(manager);
      }
      return this.reread(manager, row.conceptId, name);
    });
  }

  private async requireName(manager: EntityManager, name: string): Promise<ConceptNameEntity> {
    const row = await treeRepositories(manager).names.byName(name);
    if (!row) throw conceptNotFound(name);
    return row;
  }

  private async reread(
    manager: EntityManager,
    conceptId: number,
    name: string,
    scope?: CacheScope,
  ): Promise<ConceptView> {
    const view = await this.views.one(manager, conceptId, scope);
    if (!view) throw conceptNotFound(name);
    return view;
  }
}

function checkedName(value: string | undefined, field: string): string {
  const name = requireText(value, field).trim();
  if (name.length > MAX_NAME_LENGTH) {
    throw DomainError.invalidArgument("NAME_TOO_LONG", `${field} is longer than ${MAX_NAME_LENGTH}`, {
      field,
    });
  }
  return name;
}

import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { ConceptDirectory, ConceptRef } from "../../contracts/concept-directory.js";
import { HISTORY_FIELDS, type HistoryRecorder } from "../../contracts/history.js";
import type { Principal } from "../../contracts/principal.js";
import type { ConceptEntity } from "../entities/concept.entity.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import { deleteBranch, isInBranch } from "./branch.js";
import type { ConceptView, ConceptViewLoader } from "./concept-view.js";
import { PRIMARY } from "./name-type.rules.js";
import { blankToUndefined, type RankPair, rankHistoryValue, requireValidRank } from "./rank.rules.js";
import { conceptNotFound, nameAlreadyExists, notAllowed } from "./tree-errors.js";

export interface ConceptCreate {
  name: string;
  parentName?: string;
  rankLevel?: string;
  rankName?: string;
  aphiaId?: number;
  author?: string;
}

export interface ConceptUpdate {
  parentName?: string;
  rankLevel?: string;
  rankName?: string;
  aphiaId?: number;
}

const MAX_NAME_LENGTH = 128;

/** Creates, moves, re-ranks and deletes concepts, each with its history record. */
export class ConceptWriteService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly directory: ConceptDirectory,
    private readonly history: HistoryRecorder,
    private readonly views: ConceptViewLoader,
  ) {}

  async create(input: ConceptCreate, principal: Principal): Promise<ConceptView> {
    const name = requireText(input.name, "name").trim();
    if (name.length > MAX_NAME_LENGTH) {
      throw DomainError.invalidArgument("NAME_TOO_LONG", `name is longer than ${MAX_NAME_LENGTH}`, {
        field: "name",
      });
    }
    const rank = requireValidRank({
      rankLevel: blankToUndefined(input.rankLevel),
      rankName: blankToUndefined(input.rankName),
    });
    return this.storage.transaction(async (manager) => {
      const { concepts, names } = treeRepositories(manager);
      if (await names.byName(name)) throw nameAlreadyExists(name, "name");
      const parentName = blankToUndefined(input.parentName);
      const parent = parentName ? await this.directory.requireByAnyName(manager, parentName) : undefined;
      if (!parent && (await concepts.roots()).length > 0) {
        throw DomainError.alreadyExists(
          "ROOT_EXISTS",
          "Root concept already exists. Cannot create a new root concept",
          { field: "parentName" },
        );
      }
      if (input.aphiaId !== undefined) await this.requireFreeAphiaId(manager, input.aphiaId, undefined);
      const id = await concepts.insert({
        parentId: parent?.id ?? null,
        rankLevel: rank.rankLevel ?? null,
        rankName: rank.rankName ?? null,
        aphiaId: input.aphiaId ?? null,
      });
      await names.insert({ conceptId: id, name, nameType: PRIMARY, author: input.author ?? null });
      if (parent) {
        await this.history.record(manager, {
          conceptId: parent.id,
          action: "ADD",
          field: HISTORY_FIELDS.conceptChild,
          newValue: name,
          principal,
          approveNow: principal.isAdmin,
        });
      }
      await this.directory.markTreeChanged(manager);
      return this.reread(manager, id, name);
    });
  }

  async update(name: string, input: ConceptUpdate, principal: Principal): Promise<ConceptView> {
    return this.storage.transaction(async (manager) => {
      const ref = await this.directory.requireByAnyName(manager, name);
      const concept = await treeRepositories(manager).concepts.byId(ref.id);
      if (!concept) throw conceptNotFound(name);
      const parentName = blankToUndefined(input.parentName);
      if (parentName !== undefined) await this.move(manager, ref, concept, parentName, principal);
      if (input.rankLevel !== undefined || input.rankName !== undefined) {
        await this.rerank(manager, ref, concept, input, principal);
      }
      if (input.aphiaId !== undefined && input.aphiaId !== concept.aphiaId) {
        await this.requireFreeAphiaId(manager, input.aphiaId, concept.id);
        await treeRepositories(manager).concepts.update(concept.id, { aphiaId: input.aphiaId });
      }
      await this.directory.markTreeChanged(manager);
      return this.reread(manager, concept.id, name);
    });
  }

  /** Deletes the branch now for an admin; a non-admin's delete only records a pending request. */
  async delete(name: string, principal: Principal): Promise<void> {
    return this.storage.transaction(async (manager) => {
      const ref = await this.directory.requireByAnyName(manager, name);
      if (ref.parentId === undefined) {
        if (!principal.isAdmin) throw notAllowed(principal);
      } else {
        await this.history.record(manager, {
          conceptId: ref.parentId,
          action: "DELETE",
          field: HISTORY_FIELDS.conceptChild,
          oldValue: ref.primaryName,
          principal,
          approveNow: principal.isAdmin,
        });
      }
      if (principal.isAdmin) await deleteBranch(manager, this.directory, ref.id);
    });
  }

  private async move(
    manager: EntityManager,
    ref: ConceptRef,
    concept: ConceptEntity,
    parentName: string,
    principal: Principal,
  ): Promise<void> {
    if (concept.parentId === null) {
      throw DomainError.failedPrecondition(
        "ROOT_HAS_NO_PARENT",
        "Cannot set the parent of the root concept!",
        {
          field: "parentName",
        },
      );
    }
    const parent = await this.directory.requireByAnyName(manager, parentName);
    if (parent.id === concept.parentId) return;
    if (await isInBranch(manager, concept.id, parent.id)) {
      throw DomainError.failedPrecondition(
        "CYCLIC_PARENT",
        `Cannot move \`${ref.primaryName}\` under \`${parent.primaryName}\`: that would create a cycle`,
        { field: "parentName" },
      );
    }
    const oldParent = (await this.directory.primaryNames(manager, [concept.parentId])).get(concept.parentId);
    await treeRepositories(manager).concepts.update(concept.id, { parentId: parent.id });
    await this.history.record(manager, {
      conceptId: concept.id,
      action: "REPLACE",
      field: HISTORY_FIELDS.conceptParent,
      oldValue: oldParent,
      newValue: parent.primaryName,
      principal,
      approveNow: principal.isAdmin,
    });
  }

  private async rerank(
    manager: EntityManager,
    ref: ConceptRef,
    concept: ConceptEntity,
    input: ConceptUpdate,
    principal: Principal,
  ): Promise<void> {
    const old: RankPair = {
      rankLevel: concept.rankLevel ?? undefined,
      rankName: concept.rankName ?? undefined,
    };
    const next = requireValidRank({
      rankLevel: input.rankLevel === undefined ? old.rankLevel : blankToUndefined(input.rankLevel),
      rankName: input.rankName === undefined ? old.rankName : blankToUndefined(input.rankName),
    });
    const clears =
      (old.rankLevel !== undefined && next.rankLevel === undefined) ||
      (old.rankName !== undefined && next.rankName === undefined);
    if (clears && !principal.isAdmin) throw notAllowed(principal);
    if (old.rankLevel === next.rankLevel && old.rankName === next.rankName) return;
    await treeRepositories(manager).concepts.update(ref.id, {
      rankLevel: next.rankLevel ?? null,
      rankName: next.rankName ?? null,
    });
    await this.history.record(manager, {
      conceptId: ref.id,
      action: "REPLACE",
      field: HISTORY_FIELDS.rank,
      oldValue: rankHistoryValue(old),
      newValue: rankHistoryValue(next),
      principal,
      approveNow: principal.isAdmin,
    });
  }

  private async requireFreeAphiaId(manager: EntityManager, aphiaId: number, ownId: number | undefined) {
    const holder = await treeRepositories(manager).concepts.byAphiaId(aphiaId);
    if (holder && holder.id !== ownId) {
      const holderName = (await this.directory.primaryNames(manager, [holder.id])).get(holder.id) ?? "";
      throw DomainError.alreadyExists(
        "APHIA_ID_EXISTS",
        `AphiaId ${aphiaId} already exists for ${holderName}`,
        {
          field: "aphiaId",
        },
      );
    }
  }

  private async reread(manager: EntityManager, conceptId: number, name: string): Promise<ConceptView> {
    const view = await this.views.one(manager, conceptId);
    if (!view) throw conceptNotFound(name);
    return view;
  }
}

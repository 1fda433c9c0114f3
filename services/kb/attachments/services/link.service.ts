import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { Instant } from "../../../kit/time/instant.js";
import type { VersionedReadCache } from "../../cache/versioned-read-cache.js";
import { HISTORY_FIELDS } from "../../contracts/history.js";
import type { KbPartDeps } from "../../contracts/part.js";
import type { Principal } from "../../contracts/principal.js";
import type { LinkEntity } from "../entities/link.entity.js";
import { type LinkKind, LinkRepository } from "../repositories/link.repository.js";
import type { LinkView, PageOf } from "./attachment.views.js";
import { writeAttachments } from "./attachment-writes.js";
import { notFound, pageOf, requiredText } from "./input.rules.js";
import { byShortString, NIL, SELF, sameTriple, shortString, type Triple } from "./link.rules.js";
import { checkedTriple, LinkReader } from "./link-reader.js";

export type LinkDeps = Pick<KbPartDeps, "storage" | "directory" | "history">;

export interface LinkChanges {
  linkName?: string;
  toConcept?: string;
  linkValue?: string;
}

const FIELDS = {
  template: HISTORY_FIELDS.linkTemplate,
  realization: HISTORY_FIELDS.linkRealization,
} as const;

const count = (answer: readonly unknown[]) => answer.length;
const one = () => 1;

/**
 * Link templates or realizations (same rules, one instance per kind). Templates must be
 * unique among those that apply to the concept (its own and inherited); realizations among
 * the concept's own.
 */
export class LinkService {
  private readonly reader: LinkReader;

  constructor(
    private readonly kind: LinkKind,
    private readonly deps: LinkDeps,
    private readonly cache: VersionedReadCache,
  ) {
    this.reader = new LinkReader(kind, deps.directory);
  }

  async page(limit: number | undefined, offset: number | undefined): Promise<PageOf<LinkView>> {
    const page = pageOf(limit, offset);
    return this.cached(
      `page\0${page.limit}\0${page.offset}`,
      (answer) => answer.content.length,
      async (manager) => {
        const links = await this.repository(manager).listPage(page);
        return { ...page, content: sortViews(await this.reader.views(manager, links)) };
      },
    );
  }

  async count(): Promise<number> {
    return this.cached("count", one, (manager) => this.repository(manager).count());
  }

  async get(id: number): Promise<LinkView> {
    return this.read(async (manager) => this.reader.view(manager, await this.requireLink(manager, id)));
  }

  async listByConcept(name: string): Promise<LinkView[]> {
    return this.cached(`of concept\0${name}`, count, async (manager) => {
      const concept = await this.deps.directory.requireByAnyName(manager, name);
      const links = await this.repository(manager).listByConcepts([concept.id]);
      return sortViews(links.map((link) => ({ link, concept: concept.primaryName })));
    });
  }

  async countByConcept(name: string): Promise<number> {
    return this.cached(`count of concept\0${name}`, one, async (manager) => {
      const concept = await this.deps.directory.requireByAnyName(manager, name);
      return this.repository(manager).countByConcept(concept.id);
    });
  }

  async listToConcept(toConcept: string): Promise<LinkView[]> {
    return this.cached(`to concept\0${toConcept}`, count, async (manager) => {
      const target = await this.reader.resolveTarget(manager, toConcept);
      return this.reader.views(manager, await this.repository(manager).listByToConcept(target));
    });
  }

  async countToConcept(toConcept: string): Promise<number> {
    return this.cached(`count to concept\0${toConcept}`, one, async (manager) =>
      this.repository(manager).countByToConcept(await this.reader.resolveTarget(manager, toConcept)),
    );
  }

  /** Links with the prototype's exact name and value, pointing at its target as given or resolved. */
  async findPrototypes(given: Partial<Triple>): Promise<LinkView[]> {
    const prototype = {
      linkName: requiredText(given.linkName, "linkName", 50),
      toConcept: requiredText(given.toConcept, "toConcept", 128),
      linkValue: requiredText(given.linkValue, "linkValue", 2048),
    };
    return this.read(async (manager) => {
      const target = await this.reader.resolveTarget(manager, prototype.toConcept);
      const links = await this.repository(manager).listMatching(prototype.linkName, prototype.linkValue, [
        prototype.toConcept,
        target,
      ]);
      return sortViews(await this.reader.views(manager, links));
    });
  }

  async listByLinkName(linkName: string): Promise<LinkView[]> {
    return this.cached(`named\0${linkName}`, count, async (manager) =>
      this.reader.views(manager, await this.repository(manager).listByLinkName(linkName)),
    );
  }

  /** One UPDATE of every link pointing at `oldName` (no history, as before). */
  async renameToConcept(oldName: string | undefined, newName: string | undefined): Promise<number> {
    const from = requiredText(oldName, "old", 128);
    const to = requiredText(newName, "new", 128);
    return writeAttachments(this.deps, (manager) =>
      this.repository(manager).renameToConcept(from, to, Instant.now()),
    );
  }

  async create(principal: Principal, conceptName: string, changes: LinkChanges): Promise<LinkView> {
    const requested = checkedTriple({
      linkName: requiredText(changes.linkName, "linkName", 50),
      toConcept: changes.toConcept?.trim() ? changes.toConcept : SELF,
      linkValue: changes.linkValue?.trim() ? changes.linkValue : NIL,
    });
    return writeAttachments(this.deps, async (manager) => {
      const concept = await this.deps.directory.requireByAnyName(
        manager,
        requiredText(conceptName, "concept", 128),
      );
      const triple = {
        ...requested,
        toConcept: await this.reader.resolveTarget(manager, requested.toConcept),
      };
      await this.rejectDuplicate(manager, concept.id, concept.primaryName, triple);
      const link = await this.repository(manager).insert({
        conceptId: concept.id,
        ...triple,
        lastUpdatedTime: Instant.now(),
      });
      await this.deps.history.record(manager, {
        conceptId: concept.id,
        action: "ADD",
        field: FIELDS[this.kind],
        newValue: shortString(triple),
        principal,
        // The legacy service never auto-approved template creates; clients rely on that.
        approveNow: principal.isAdmin && this.kind === "realization",
      });
      return { link, concept: concept.primaryName };
    });
  }

  async update(principal: Principal, id: number, changes: LinkChanges): Promise<LinkView> {
    return writeAttachments(this.deps, async (manager) => {
      const link = await this.requireLink(manager, id);
      const before = { linkName: link.linkName, toConcept: link.toConcept, linkValue: link.linkValue };
      const requested = checkedTriple({
        linkName: changes.linkName?.trim() ? changes.linkName : link.linkName,
        toConcept: changes.toConcept?.trim() ? changes.toConcept : link.toConcept,
        linkValue: changes.linkValue ?? link.linkValue,
      });
      const triple = {
        ...requested,
        toConcept: await this.reader.resolveTarget(manager, requested.toConcept),
      };
      const concept = await this.reader.ownerName(manager, link.conceptId);
      if (!sameTriple(before, triple)) await this.rejectDuplicate(manager, link.conceptId, concept, triple);
      Object.assign(link, triple, { lastUpdatedTime: Instant.now() });
      await this.repository(manager).save(link);
      await this.deps.history.record(manager, {
        conceptId: link.conceptId,
        action: "REPLACE",
        field: FIELDS[this.kind],
        oldValue: shortString(before),
        newValue: shortString(triple),
        principal,
        // The legacy service never auto-approved realization updates; clients rely on that.
        approveNow: principal.isAdmin && this.kind === "template",
      });
      return { link, concept };
    });
  }

  /** An admin's delete happens now; anyone else's waits for an admin to approve its record. */
  async delete(principal: Principal, id: number): Promise<void> {
    return writeAttachments(this.deps, async (manager) => {
      const link = await this.requireLink(manager, id);
      await this.deps.history.record(manager, {
        conceptId: link.conceptId,
        action: "DELETE",
        field: FIELDS[this.kind],
        oldValue: shortString(link),
        principal,
        approveNow: principal.isAdmin,
      });
      if (principal.isAdmin) await this.repository(manager).delete([link.id]);
    });
  }

  private async rejectDuplicate(manager: EntityManager, conceptId: number, concept: string, triple: Triple) {
    const owners =
      this.kind === "template"
        ? (await this.deps.directory.lineage(manager, conceptId)).map((ref) => ref.id)
        : [conceptId];
    const existing = await this.repository(manager).listByConcepts(owners);
    if (!existing.some((link) => sameTriple(link, triple))) return;
    throw this.kind === "template"
      ? DomainError.alreadyExists(
          "LINK_EXISTS",
          `LinkTemplate, \`${shortString(triple)}\` already exists for concept ${concept}`,
        )
      : DomainError.alreadyExists("LINK_EXISTS", `${concept} already contains link ${shortString(triple)}`);
  }

  private async requireLink(manager: EntityManager, id: number): Promise<LinkEntity> {
    const entity = this.kind === "template" ? "LinkTemplate" : "LinkRealization";
    return (
      (await this.repository(manager).findById(id)) ?? notFound(`${entity} with \`${id}\` was not found`)
    );
  }

  private repository(manager: EntityManager): LinkRepository {
    return new LinkRepository(manager, this.kind);
  }

  private read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.deps.storage.read(work);
  }

  /** A read answered from the cache while the kb's version stays the same (keys are per kind). */
  private cached<T>(key: string, weigh: (answer: T) => number, work: (manager: EntityManager) => Promise<T>) {
    return this.cache.read(`${this.kind} ${key}`, () => this.read(work), weigh);
  }
}

function sortViews(views: readonly LinkView[]): LinkView[] {
  return byShortString(views, (view) => view.link);
}

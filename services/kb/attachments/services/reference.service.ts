import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import type { LiteratureReferenceEntity } from "../entities/reference.entity.js";
import { ReferenceRepository } from "../repositories/reference.repository.js";
import type { PageOf, ReferenceView } from "./attachment.views.js";
import { writeAttachments } from "./attachment-writes.js";
import { parseCitationGlob } from "./citation-glob.js";
import { checkLength, notFound, pageOf, requiredText } from "./input.rules.js";

export interface ReferenceChanges {
  citation?: string;
  doi?: string;
}

/** Bibliographic references (any valid token may write them; no history). */
export class ReferenceService {
  constructor(private readonly deps: { storage: DomainStorage; directory: ConceptDirectory }) {}

  async list(limit: number | undefined, offset: number | undefined): Promise<PageOf<ReferenceView>> {
    const page = pageOf(limit, offset);
    return this.deps.storage.read(async (manager) => ({
      ...page,
      content: await this.views(manager, await new ReferenceRepository(manager).listPage(page)),
    }));
  }

  async get(id: number): Promise<ReferenceView> {
    return this.deps.storage.read(async (manager) => this.view(manager, await requireReference(manager, id)));
  }

  /** Citations matching a glob, case ignored (see parseCitationGlob). */
  async searchByCitation(
    citation: string | undefined,
    limit: number | undefined,
    offset: number | undefined,
  ): Promise<PageOf<ReferenceView>> {
    const term = requireText(citation, "citation");
    const page = pageOf(limit, offset);
    return this.deps.storage.read(async (manager) => ({
      ...page,
      content: await this.views(
        manager,
        await new ReferenceRepository(manager).searchCitation(parseCitationGlob(term), page),
      ),
    }));
  }

  async findByDoi(doi: string | undefined): Promise<ReferenceView> {
    const wanted = requireText(doi, "doi");
    return this.deps.storage.read(async (manager) => {
      const found = await new ReferenceRepository(manager).findByDoi(wanted);
      return this.view(manager, found ?? notFound(`Reference with DOI '${doi}' not found`));
    });
  }

  async create(changes: ReferenceChanges): Promise<ReferenceView> {
    const citation = requiredText(changes.citation, "citation", 2048);
    const doi = doiOf(changes.doi);
    return writeAttachments(this.deps, async (manager) => {
      const repository = new ReferenceRepository(manager);
      if (doi !== null) await rejectTakenDoi(repository, doi);
      const reference = await repository.insert({ citation, doi, lastUpdatedTime: Instant.now() });
      return { reference, concepts: [] };
    });
  }

  async update(id: number, changes: ReferenceChanges): Promise<ReferenceView> {
    const citation =
      changes.citation === undefined ? undefined : requiredText(changes.citation, "citation", 2048);
    return writeAttachments(this.deps, async (manager) => {
      const repository = new ReferenceRepository(manager);
      const reference = await requireReference(manager, id);
      if (changes.doi !== undefined) {
        const doi = doiOf(changes.doi);
        if (doi !== null && doi !== reference.doi) await rejectTakenDoi(repository, doi);
        reference.doi = doi;
      }
      if (citation !== undefined) reference.citation = citation;
      reference.lastUpdatedTime = Instant.now();
      return this.view(manager, await repository.save(reference));
    });
  }

  async delete(id: number): Promise<void> {
    return writeAttachments(this.deps, async (manager) => {
      await requireReference(manager, id);
      await new ReferenceRepository(manager).delete(id);
    });
  }

  async addConcept(id: number, conceptName: string): Promise<ReferenceView> {
    return this.changeLink(id, conceptName, (repository, conceptId) => repository.link(id, conceptId));
  }

  async removeConcept(id: number, conceptName: string): Promise<ReferenceView> {
    return this.changeLink(id, conceptName, (repository, conceptId) => repository.unlink(id, conceptId));
  }

  private changeLink(
    id: number,
    conceptName: string,
    change: (repository: ReferenceRepository, conceptId: number) => Promise<void>,
  ): Promise<ReferenceView> {
    return writeAttachments(this.deps, async (manager) => {
      const reference = await requireReference(manager, id);
      const concept = await this.deps.directory.requireByAnyName(manager, conceptName);
      await change(new ReferenceRepository(manager), concept.id);
      return this.view(manager, reference);
    });
  }

  private async view(manager: EntityManager, reference: LiteratureReferenceEntity): Promise<ReferenceView> {
    const [view] = await this.views(manager, [reference]);
    return view ?? { reference, concepts: [] };
  }

  /** Concept names of many references in two reads. */
  private async views(
    manager: EntityManager,
    references: readonly LiteratureReferenceEntity[],
  ): Promise<ReferenceView[]> {
    const conceptIds = await new ReferenceRepository(manager).conceptIdsOf(references.map((r) => r.id));
    const names = await this.deps.directory.primaryNames(manager, [
      ...new Set([...conceptIds.values()].flat()),
    ]);
    return references.map((reference) => ({
      reference,
      concepts: (conceptIds.get(reference.id) ?? [])
        .map((conceptId) => names.get(conceptId))
        .filter((name): name is string => name !== undefined)
        .sort(),
    }));
  }
}

async function requireReference(manager: EntityManager, id: number): Promise<LiteratureReferenceEntity> {
  return (
    (await new ReferenceRepository(manager).findById(id)) ?? notFound(`Reference with ID ${id} not found`)
  );
}

/** A blank DOI means none. */
function doiOf(doi: string | undefined): string | null {
  return doi?.trim() ? checkLength(doi.trim(), 2048, "doi") : null;
}

async function rejectTakenDoi(repository: ReferenceRepository, doi: string): Promise<void> {
  if (await repository.findByDoi(doi)) {
    throw DomainError.alreadyExists("DOI_EXISTS", `A Reference with DOI '${doi}' already exists`);
  }
}

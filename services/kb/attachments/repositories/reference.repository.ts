import { type EntityManager, In } from "typeorm";
import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import { type Page, paged } from "../../../kit/sql/page.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { ConceptReferenceEntity, LiteratureReferenceEntity } from "../entities/reference.entity.js";
import type { CitationGlob } from "../services/citation-glob.js";

/** Rows of `literature_references` and `concept_references`. */
export class ReferenceRepository {
  constructor(private readonly manager: EntityManager) {}

  findById(id: number): Promise<LiteratureReferenceEntity | null> {
    return this.manager.findOneBy(LiteratureReferenceEntity, { id });
  }

  findByDoi(doi: string): Promise<LiteratureReferenceEntity | null> {
    return this.manager.findOneBy(LiteratureReferenceEntity, { doi });
  }

  listPage(page: Page): Promise<LiteratureReferenceEntity[]> {
    return paged(this.ordered(), page).getMany();
  }

  /**
   * Citations matching the glob, ignoring case (the same on both databases): one bound LIKE
   * pattern in which the glob's wildcards become `%` and `_` and the literal text has LIKE's
   * own wildcards escaped.
   */
  searchCitation(glob: CitationGlob, page: Page): Promise<LiteratureReferenceEntity[]> {
    const pattern = likePatternOf(glob).toLowerCase();
    return paged(
      this.ordered().where(`LOWER(r.citation) LIKE :pattern ${LIKE_ESCAPE}`, { pattern }),
      page,
    ).getMany();
  }

  insert(reference: Omit<LiteratureReferenceEntity, "id">): Promise<LiteratureReferenceEntity> {
    return this.manager.save(this.manager.create(LiteratureReferenceEntity, reference));
  }

  save(reference: LiteratureReferenceEntity): Promise<LiteratureReferenceEntity> {
    return this.manager.save(reference);
  }

  /** Deletes the reference; its concept links go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.manager.delete(LiteratureReferenceEntity, { id });
  }

  async link(referenceId: number, conceptId: number): Promise<void> {
    const existing = await this.manager.findOneBy(ConceptReferenceEntity, { referenceId, conceptId });
    if (!existing) await this.manager.insert(ConceptReferenceEntity, { referenceId, conceptId });
  }

  async unlink(referenceId: number, conceptId: number): Promise<void> {
    await this.manager.delete(ConceptReferenceEntity, { referenceId, conceptId });
  }

  /** Concept ids of many references at once. */
  async conceptIdsOf(referenceIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await queryInChunks(referenceIds, (chunk) =>
      this.manager.find(ConceptReferenceEntity, { where: { referenceId: In(chunk) } }),
    );
    return groupBy(
      rows,
      (row) => Number(row.referenceId),
      (row) => Number(row.conceptId),
    );
  }

  /**
   * The references of many concepts at once, by concept id, each concept's ordered by citation
   * then id as the reference list is (the legacy kb kept them in an unordered set; the link
   * rows alone come in insertion order on SQLite and reference order on MariaDB).
   */
  async listByConcepts(conceptIds: readonly number[]): Promise<Map<number, LiteratureReferenceEntity[]>> {
    const rows = await queryInChunks(conceptIds, (chunk) =>
      this.manager.find(ConceptReferenceEntity, { where: { conceptId: In(chunk) } }),
    );
    const conceptsOf = groupBy(
      rows,
      (row) => Number(row.referenceId),
      (row) => Number(row.conceptId),
    );
    const references = await queryInChunks([...conceptsOf.keys()], (chunk) =>
      this.manager.find(LiteratureReferenceEntity, { where: { id: In(chunk) } }),
    );
    const result = new Map<number, LiteratureReferenceEntity[]>();
    for (const reference of references.sort(byCitationThenId)) {
      for (const conceptId of conceptsOf.get(reference.id) ?? []) {
        const list = result.get(conceptId) ?? [];
        list.push(reference);
        result.set(conceptId, list);
      }
    }
    return result;
  }

  private ordered() {
    return this.manager
      .createQueryBuilder(LiteratureReferenceEntity, "r")
      .orderBy("r.citation")
      .addOrderBy("r.id");
  }
}

/** The order of `ordered()`, for references fetched in chunks. */
function byCitationThenId(a: LiteratureReferenceEntity, b: LiteratureReferenceEntity): number {
  return compareText(a.citation, b.citation) || a.id - b.id;
}

function likePatternOf(glob: CitationGlob): string {
  const body = glob.parts
    .map((part) => {
      if (part === "any") return "%";
      if (part === "one") return "_";
      return likeLiteral(part.literal);
    })
    .join("");
  return glob.wholeCitation ? body : `%${body}%`;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number, value: (row: T) => number) {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
}

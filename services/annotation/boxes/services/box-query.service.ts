import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { DatasetMediaRepository } from "../../datasets/repositories/dataset-media.repository.js";
import type { RegistryLink } from "../../query/registry-link.js";
import { BOX_INDEX_REMEDY } from "../box-index-off.js";
import type { ConceptTree } from "../kb-concepts.js";
import { BoxIndexRepository } from "../repositories/box-index.repository.js";
import { type BoxFilter, BoxQueryRepository, type BoxRow } from "../repositories/box-query.repository.js";
import { type BoxQueryInput, type CheckedBoxQuery, checkBoxQuery } from "./box-query.rules.js";

const NEVER_ABORTED = new AbortController().signal;

/** Finds boxes through the box index; a dive is resolved to its videos through the registry link. */
export class BoxQueryService {
  private readonly boxes: BoxQueryRepository;
  private readonly index: BoxIndexRepository;
  private readonly media: DatasetMediaRepository | undefined;
  /** Whether the index's triggers were found: once found, not asked again; while missing, asked at every query. */
  private indexKept: Promise<boolean> | undefined;

  constructor(
    storage: DomainStorage,
    registry?: RegistryLink,
    /** The kb, for descendants; unset, a query with descendants answers UNAVAILABLE. */
    private readonly kb?: ConceptTree,
  ) {
    this.boxes = new BoxQueryRepository(storage);
    this.index = new BoxIndexRepository(storage);
    this.media = registry ? new DatasetMediaRepository(storage, registry) : undefined;
  }

  async list(input: BoxQueryInput, signal: AbortSignal = NEVER_ABORTED): Promise<BoxRow[]> {
    const query = checkBoxQuery(input);
    await this.requireIndex();
    const concepts = query.descendants ? await this.withDescendants(query.concepts ?? []) : query.concepts;
    return this.boxes.list(await this.filterOf({ ...query, concepts }), query.limit, query.offset, signal);
  }

  /** The checked filter of a query, its dive resolved to the dive's video references. */
  private async filterOf(
    query: Omit<CheckedBoxQuery, "limit" | "offset" | "descendants">,
  ): Promise<BoxFilter> {
    let videos = query.videoReferenceUuid === undefined ? undefined : [query.videoReferenceUuid];
    if (query.videoSequenceName !== undefined) {
      const dive = (await this.linkedMedia().listBySequenceName(query.videoSequenceName)).map(
        (media) => media.videoReferenceUuid,
      );
      videos = videos === undefined ? dive : videos.filter((uuid) => dive.includes(uuid));
    }
    return {
      concepts: query.concepts,
      videoReferenceUuids: videos,
      verified: query.verified,
      generator: query.generator,
    };
  }

  /** The concepts and their descendants in the kb; a name the kb does not know is kept as it is. */
  private async withDescendants(concepts: readonly string[]): Promise<string[]> {
    const kb = this.kb;
    if (!kb) {
      throw new DomainError(
        "UNAVAILABLE",
        "KB_NOT_LINKED",
        "Descendants come from the kb, which this annotation service cannot reach (set M3_KB_GRPC_ADDRESS)",
      );
    }
    const expanded = await Promise.all(concepts.map(async (name) => (await kb.taxa(name)) ?? [name]));
    return [...new Set(expanded.flat())];
  }

  private async requireIndex(): Promise<void> {
    this.indexKept ??= this.index.missingTriggers().then((missing) => missing.length === 0);
    if (await this.indexKept) return;
    this.indexKept = undefined;
    throw new DomainError(
      "UNAVAILABLE",
      "BOX_INDEX_OFF",
      `The box index is not kept in this database (its triggers are missing): ${BOX_INDEX_REMEDY}`,
    );
  }

  private linkedMedia(): DatasetMediaRepository {
    if (this.media) return this.media;
    throw new DomainError(
      "UNAVAILABLE",
      "REGISTRY_NOT_LINKED",
      "Finding a dive's boxes reads the registry's video sequences, which this annotation service cannot reach " +
        "(set M3_ANNOTATION_REGISTRY_SCHEMA or M3_ANNOTATION_REGISTRY_SQLITE_FILE)",
    );
  }
}

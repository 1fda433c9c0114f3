import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { DatasetMediaRepository } from "../../datasets/repositories/dataset-media.repository.js";
import type { RegistryLink } from "../../query/registry-link.js";
import { BOX_INDEX_REMEDY } from "../box-index-off.js";
import { BoxIndexRepository } from "../repositories/box-index.repository.js";
import { type BoxFilter, BoxQueryRepository, type BoxRow } from "../repositories/box-query.repository.js";
import { type BoxQueryInput, type CheckedBoxQuery, checkBoxQuery } from "./box-query.rules.js";

const NEVER_ABORTED = new AbortController().signal;

/** Finds boxes through the box index; a dive is resolved to its videos through the registry link. */
export class BoxQueryService {
  private readonly boxes: BoxQueryRepository;
  private readonly index: BoxIndexRepository;
  private readonly media: DatasetMediaRepository | undefined;
  /** Whether the index's triggers were found, once: a database refused them answers 503 until restarted after `m3 boxes reindex`. */
  private indexKept: Promise<boolean> | undefined;

  constructor(storage: DomainStorage, registry?: RegistryLink) {
    this.boxes = new BoxQueryRepository(storage);
    this.index = new BoxIndexRepository(storage);
    this.media = registry ? new DatasetMediaRepository(storage, registry) : undefined;
  }

  async list(input: BoxQueryInput, signal: AbortSignal = NEVER_ABORTED): Promise<BoxRow[]> {
    const query = checkBoxQuery(input);
    await this.requireIndex();
    return this.boxes.list(await this.filterOf(query), query.limit, query.offset, signal);
  }

  /** The checked filter of a query, its dive resolved to the dive's video references. */
  async filterOf(query: Omit<CheckedBoxQuery, "limit" | "offset">): Promise<BoxFilter> {
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

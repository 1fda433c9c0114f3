import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { AnnotationGraph } from "../../annotations/services/annotation-graphs.js";
import type { FastAnnotationService } from "../../fast/services/fast-annotation.service.js";
import type { RegistryLink } from "../../query/registry-link.js";
import { DatasetAnnotationRepository } from "../repositories/dataset-annotation.repository.js";
import { DatasetMediaRepository, type DatasetMediaRow } from "../repositories/dataset-media.repository.js";
import {
  type DatasetPage,
  type DatasetPageInput,
  datasetPageOf,
  type VideoAnnotationCount,
  windowsAcrossVideos,
} from "./dataset-page.rules.js";

/** A part of a dataset: the first holds every media of the answer, each the next annotations. */
export interface DatasetPart {
  media: DatasetMediaRow[];
  annotations: AnnotationGraph[];
}

export type DatasetParts = AsyncGenerator<DatasetPart, void, undefined>;

/** A dive's annotation count, with each video reference's in the order of the videos' starts. */
export interface DiveCount {
  count: number;
  annotationCounts: VideoAnnotationCount[];
}

/**
 * Publication datasets (legacy charybdis): the annotations of a concept, a dive or a video file,
 * read by the fast queries in slices, with the registry's media they belong to. A dive's or a
 * file's annotations come video by video in the order of the videos' starts, each video's in
 * the fast queries' order; the page runs over them end to end.
 */
export class DatasetService {
  private readonly media?: DatasetMediaRepository;

  constructor(
    private readonly storage: DomainStorage,
    private readonly fast: FastAnnotationService,
    registry: RegistryLink | undefined,
  ) {
    // A link of the other kind (a SQLite file beside MySQL storage) reaches nothing: as no link.
    const fits = registry && (registry.kind === "sqlite-file") === (storage.dialect === "sqlite");
    this.media = registry && fits ? new DatasetMediaRepository(storage, registry) : undefined;
  }

  async *byConcept(concept: string, input: DatasetPageInput, signal?: AbortSignal): DatasetParts {
    const name = requireText(concept, "concept");
    const media = this.linkedMedia();
    const page = datasetPageOf(input);
    const videos = await this.storage.read((manager) =>
      new DatasetAnnotationRepository(manager, this.storage.dialect).videoReferencesOfConceptPage(name, page),
    );
    yield { media: await media.listByVideoReferences(videos), annotations: [] };
    for await (const slice of this.fast.byConcept(name, false, page, signal)) {
      yield { media: [], annotations: slice };
    }
  }

  byDive(videoSequenceName: string, input: DatasetPageInput, signal?: AbortSignal): DatasetParts {
    const name = requireText(videoSequenceName, "video_sequence_name");
    return this.acrossVideos(() => this.linkedMedia().listBySequenceName(name), datasetPageOf(input), signal);
  }

  byVideoFile(videoFileName: string, input: DatasetPageInput, signal?: AbortSignal): DatasetParts {
    const name = requireText(videoFileName, "video_file_name");
    return this.acrossVideos(() => this.linkedMedia().listByFileName(name), datasetPageOf(input), signal);
  }

  async countByDive(videoSequenceName: string): Promise<DiveCount> {
    const name = requireText(videoSequenceName, "video_sequence_name");
    const annotationCounts = await this.countsOf(await this.linkedMedia().listBySequenceName(name));
    const count = annotationCounts.reduce((sum, video) => sum + video.count, 0);
    return { count, annotationCounts };
  }

  private async *acrossVideos(
    listMedia: () => Promise<DatasetMediaRow[]>,
    page: DatasetPage,
    signal?: AbortSignal,
  ): DatasetParts {
    const media = await listMedia();
    const windows = windowsAcrossVideos(await this.countsOf(media), page);
    const inPage = new Set(windows.map((window) => window.videoReferenceUuid));
    yield { media: media.filter((item) => inPage.has(item.videoReferenceUuid)), annotations: [] };
    for (const window of windows) {
      const videoPage = { limit: window.limit, offset: window.offset, data: page.data };
      for await (const slice of this.fast.byVideo(window.videoReferenceUuid, videoPage, signal)) {
        yield { media: [], annotations: slice };
      }
    }
  }

  private async countsOf(media: readonly DatasetMediaRow[]): Promise<VideoAnnotationCount[]> {
    const uuids = media.map((item) => item.videoReferenceUuid);
    const counts = await this.storage.read((manager) =>
      new DatasetAnnotationRepository(manager, this.storage.dialect).countByVideoReference(uuids),
    );
    return uuids.map((videoReferenceUuid) => ({
      videoReferenceUuid,
      count: counts.get(videoReferenceUuid) ?? 0,
    }));
  }

  private linkedMedia(): DatasetMediaRepository {
    if (this.media) return this.media;
    throw new DomainError(
      "UNAVAILABLE",
      "REGISTRY_NOT_LINKED",
      "The dataset service reads the registry's media, which this annotation service cannot reach " +
        "(set M3_ANNOTATION_REGISTRY_SCHEMA or M3_ANNOTATION_REGISTRY_SQLITE_FILE)",
    );
  }
}

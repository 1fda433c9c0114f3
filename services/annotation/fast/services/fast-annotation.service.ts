import type { QueryConstraints } from "../../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { Page } from "../../../kit/sql/page.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  pageOf,
  requireFields,
  requireUuid,
  requireUuids,
} from "../../annotations/services/annotation-input.rules.js";
import {
  FastAnnotationRepository,
  type GeographicRangeRow,
} from "../repositories/fast-annotation.repository.js";
import { type AnnotationSlices, streamAnnotations } from "../repositories/fast-annotation.stream.js";
import type { FastFilter } from "../repositories/fast-filter.sql.js";
import { constrainedQueryOf } from "./fast-constraints.rules.js";

/**
 * Observations completed (and sent) at a time: large results come in slices so memory stays
 * flat. Two IN lists of 999 keys per child table (MariaDB keeps lists under 1,000 on the index).
 */
export const SLICE_SIZE = 1998;

export interface ConcurrentInput {
  startTimestamp?: Instant;
  endTimestamp?: Instant;
  videoReferenceUuids: readonly string[];
}

/**
 * The fast annotation reads: lists by concept, link, video or query constraints, ordered by
 * observation UUID and paged over observations, and the counts and range over constraints.
 */
export class FastAnnotationService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly sliceSize = SLICE_SIZE,
  ) {}

  all(page: PageInput, signal?: AbortSignal): AnnotationSlices {
    return this.slices({}, pageOf(page.limit, page.offset), page.data, signal);
  }

  byVideo(video: string, page: PageInput, signal?: AbortSignal): AnnotationSlices {
    const filter = { videoReferenceUuids: [requireUuid(video, "video_reference_uuid")] };
    return this.slices(filter, pageOf(page.limit, page.offset), page.data, signal);
  }

  byConcept(concept: string, withImages: boolean, page: PageInput, signal?: AbortSignal): AnnotationSlices {
    const filter = { concept: requireText(concept, "concept"), withImages };
    return this.slices(filter, pageOf(page.limit, page.offset), page.data, signal);
  }

  withImagesByToConcept(toConcept: string, page: PageInput, signal?: AbortSignal): AnnotationSlices {
    const filter = { toConcept: requireText(toConcept, "to_concept"), withImages: true };
    return this.slices(filter, pageOf(page.limit, page.offset), page.data, signal);
  }

  /** Every annotation of the moments holding an association with exactly that link name and value. */
  byLinkDetails(linkName: string, linkValue: string, data: boolean, signal?: AbortSignal): AnnotationSlices {
    const momentLink = {
      linkName: requireText(linkName, "link_name"),
      linkValue: requireText(linkValue, "link_value"),
    };
    return this.slices({ momentLink }, { offset: 0 }, data, signal);
  }

  /** The videos' annotations recorded between the instants (inclusive). */
  concurrent(input: ConcurrentInput, page: PageInput, signal?: AbortSignal): AnnotationSlices {
    requireFields({ start_timestamp: input.startTimestamp, end_timestamp: input.endTimestamp });
    const filter: FastFilter = {
      videoReferenceUuids: videosOf(input.videoReferenceUuids),
      recorded: { min: input.startTimestamp, max: input.endTimestamp, maxInclusive: true },
    };
    return this.slices(filter, pageOf(page.limit, page.offset), page.data, signal);
  }

  multi(videoReferenceUuids: readonly string[], page: PageInput, signal?: AbortSignal): AnnotationSlices {
    const filter = { videoReferenceUuids: videosOf(videoReferenceUuids) };
    return this.slices(filter, pageOf(page.limit, page.offset), page.data, signal);
  }

  /** The annotations matching the constraints (default limit 5000), in slices; checked at once. */
  query(constraints: QueryConstraints | undefined, signal?: AbortSignal): AnnotationSlices {
    const query = constrainedQueryOf(constraints);
    const page = { limit: query.limit, offset: query.offset };
    return this.slices(query.filter, page, query.data, signal);
  }

  async count(constraints: QueryConstraints | undefined): Promise<number> {
    const { filter } = constrainedQueryOf(constraints);
    return this.storage.read((manager) => new FastAnnotationRepository(manager).count(filter));
  }

  countAll(): Promise<number> {
    return this.storage.read((manager) => new FastAnnotationRepository(manager).count({}));
  }

  /** The range of the matching annotations' positions and depths; 404 when none has all three. */
  async geographicRange(constraints: QueryConstraints | undefined): Promise<GeographicRangeRow> {
    const { filter } = constrainedQueryOf(constraints);
    const range = await this.storage.read((manager) =>
      new FastAnnotationRepository(manager).geographicRange(filter),
    );
    if (!range)
      throw DomainError.notFound("No annotation matching the constraints has a position and a depth");
    return range;
  }

  private slices(filter: FastFilter, page: Page, withData: boolean, signal?: AbortSignal): AnnotationSlices {
    const query = { filter, page, withData };
    return streamAnnotations(this.storage, query, this.sliceSize, signal ?? NEVER_ABORTED);
  }
}

/** The signal of reads whose caller gives none (a call that nobody cancels mid-way). */
const NEVER_ABORTED = new AbortController().signal;

/** limit, offset and data of a list request. */
export interface PageInput {
  limit?: number;
  offset?: number;
  data: boolean;
}

function videosOf(videoReferenceUuids: readonly string[]): string[] {
  if (videoReferenceUuids.length === 0) requireFields({ video_reference_uuids: undefined });
  return requireUuids(videoReferenceUuids, "video_reference_uuids");
}

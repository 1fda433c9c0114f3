/** The largest and default number of annotations in one dataset answer (charybdis's). */
export const DATASET_MAX_LIMIT = 50_000;

/** limit, offset and data of a dataset request, as sent. */
export interface DatasetPageInput {
  limit?: number;
  offset?: number;
  data?: boolean;
}

/** A dataset request's page with charybdis's defaults filled in. */
export interface DatasetPage {
  limit: number;
  offset: number;
  data: boolean;
}

/**
 * charybdis's reading of the page: no limit, a negative one or one over 50,000 reads 50,000; no
 * offset or a negative one skips none; ancillary data unless `data` is false.
 */
export function datasetPageOf(input: DatasetPageInput): DatasetPage {
  const limit = input.limit;
  const offset = input.offset;
  return {
    limit: limit === undefined || limit < 0 || limit > DATASET_MAX_LIMIT ? DATASET_MAX_LIMIT : limit,
    offset: offset === undefined || offset < 0 ? 0 : offset,
    data: input.data ?? true,
  };
}

/** How many annotations a video reference holds. */
export interface VideoAnnotationCount {
  videoReferenceUuid: string;
  count: number;
}

/** The part of one video reference's annotations that falls in the page. */
export interface VideoWindow {
  videoReferenceUuid: string;
  offset: number;
  limit: number;
}

/**
 * The page over the videos' annotations laid end to end (in the given order): the window of
 * each video that holds some of it. Exactly `offset` annotations are skipped, as the fast
 * queries and the query by concept skip them (charybdis skipped one fewer across videos).
 */
export function windowsAcrossVideos(
  counts: readonly VideoAnnotationCount[],
  page: Pick<DatasetPage, "limit" | "offset">,
): VideoWindow[] {
  const windows: VideoWindow[] = [];
  let skip = page.offset;
  let left = page.limit;
  for (const { videoReferenceUuid, count } of counts) {
    if (left === 0) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const limit = Math.min(count - skip, left);
    windows.push({ videoReferenceUuid, offset: skip, limit });
    left -= limit;
    skip = 0;
  }
  return windows;
}

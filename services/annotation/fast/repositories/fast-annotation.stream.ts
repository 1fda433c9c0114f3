import type { Page } from "../../../kit/sql/page.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { streamRows } from "../../../kit/storage/row-stream.js";
import type { AnnotationGraph } from "../../annotations/services/annotation-graphs.js";
import type { Row } from "../../shared/row-mappers.js";
import { FastAnnotationRepository, matchingObservationsSql } from "./fast-annotation.repository.js";
import type { FastFilter } from "./fast-filter.sql.js";

/** Annotations in ordered slices; a caller collects them or streams each one out. */
export type AnnotationSlices = AsyncGenerator<AnnotationGraph[], void, undefined>;

/**
 * Streams the matching observations from one statement and completes them slice by slice,
 * so memory holds one slice whatever the result size. The consumer pulls: while a slice is
 * being sent, no more rows are read (the driver pauses). An aborted signal kills the
 * statement and ends the iteration with the signal's reason.
 */
export async function* streamAnnotations(
  storage: DomainStorage,
  query: { filter: FastFilter; page: Page; withData: boolean },
  sliceSize: number,
  signal: AbortSignal,
): AnnotationSlices {
  const { sql, params } = matchingObservationsSql(query.filter, query.page, storage.dialect);
  let rows: Row[] = [];
  const complete = (slice: Row[]) =>
    storage.read((manager) => new FastAnnotationRepository(manager).complete(slice, query.withData));
  for await (const row of streamRows(storage, sql, params, signal)) {
    rows.push(row);
    if (rows.length === sliceSize) {
      const slice = rows;
      rows = [];
      yield await complete(slice);
    }
  }
  if (rows.length > 0) yield await complete(rows);
}

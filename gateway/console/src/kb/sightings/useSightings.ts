import { anno, dataOf } from "../../api/client";
import type { Position } from "../../components/map-style";
import { type AnnotationHistograms, annotationHistograms } from "../../composables/annotation-histograms";
import { conceptNames } from "../../composables/conceptNames";
import { useAsync } from "../../composables/useAsync";

/** Annotations put on the map at most: a bounded page, the counts and histograms cover all. */
export const MAP_LIMIT = 2000;

export interface Sightings extends AnnotationHistograms {
  /** How many concept names were asked: the concept, or it and its descendants. */
  concepts: number;
  /** Every annotation matching, by the fast queries' rule (its concept, or an association to it). */
  total: number;
  positions: Position[];
  /** The map shows the first MAP_LIMIT annotations only. */
  truncated: boolean;
}

/**
 * Where and when a concept (with its descendants on request) was seen, from the annotation
 * domain's existing routes, asked at once: the count (`/fast/count`), the depth and time
 * histograms, and the positions of the first MAP_LIMIT annotations (`/fast` with their data).
 */
async function loadSightings(name: string, descendants: boolean): Promise<Sightings> {
  const concepts = await conceptNames(name, descendants);
  const constraints = { concepts };
  const [count, histograms, page] = await Promise.all([
    dataOf(anno.POST("/v1/fast/count", { body: constraints })),
    annotationHistograms(constraints),
    dataOf(anno.POST("/v1/fast", { body: { ...constraints, data: true, limit: MAP_LIMIT } })),
  ]);
  const positions = page.content.flatMap((annotation) => {
    const latitude = annotation.ancillary_data?.latitude;
    const longitude = annotation.ancillary_data?.longitude;
    return latitude === undefined || longitude === undefined
      ? []
      : [{ latitude, longitude, label: annotation.concept ?? "" }];
  });
  const total = count.content?.count ?? 0;
  return { ...histograms, concepts: concepts.length, total, positions, truncated: total > MAP_LIMIT };
}

export function useSightings() {
  return useAsync(loadSightings);
}

import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import type { Position } from "../components/map-style";
import { useAsync } from "../composables/useAsync";
import { videoReferencesOf } from "../composables/videoReferences";

export type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

/** Concepts drawn as their own series; the rest share one, so the legend stays readable. */
const SERIES_LIMIT = 12;
export const OTHER_CONCEPTS = "other concepts";

export interface DivePoint {
  time: string;
  depth: number;
  annotation: Annotation;
}

export interface DiveProfile {
  series: { concept: string; points: DivePoint[] }[];
  total: number;
  /** The annotations with a position, in recorded-time order: the map's points and the dive's track. */
  positions: Position[];
}

/**
 * The annotations with a position, in recorded-time order. Ancillary data belong to imaged
 * moments, so the positions of the annotated moments are the track as the dive's data hold it.
 */
function positionsOf(annotations: Annotation[]): Position[] {
  return annotations
    .flatMap((annotation) => {
      const { latitude, longitude } = annotation.ancillary_data ?? {};
      return latitude === undefined || longitude === undefined
        ? []
        : [
            {
              time: annotation.recorded_timestamp ?? "",
              latitude,
              longitude,
              label: annotation.concept ?? "",
            },
          ];
    })
    .sort((a, b) => a.time.localeCompare(b.time))
    .map(({ latitude, longitude, label }) => ({ latitude, longitude, label }));
}

/** A dive's annotations with a depth, as depth against recorded time, grouped by concept; and where they were. */
async function loadDive(sequence: string): Promise<DiveProfile> {
  const uuids = await videoReferencesOf(sequence);
  const fast = await dataOf(
    anno.POST("/v1/fast", { body: { video_reference_uuids: uuids, data: true, limit: 10_000 } }),
  );
  const byConcept = new Map<string, DivePoint[]>();
  for (const annotation of fast.content) {
    const depth = annotation.ancillary_data?.depth_meters;
    if (depth === undefined || annotation.recorded_timestamp === undefined) continue;
    const concept = annotation.concept ?? "";
    byConcept.set(concept, [
      ...(byConcept.get(concept) ?? []),
      { time: annotation.recorded_timestamp, depth, annotation },
    ]);
  }
  const ranked = [...byConcept.entries()].sort((a, b) => b[1].length - a[1].length);
  const series = ranked.slice(0, SERIES_LIMIT).map(([concept, points]) => ({ concept, points }));
  const rest = ranked.slice(SERIES_LIMIT).flatMap(([, points]) => points);
  if (rest.length > 0) series.push({ concept: OTHER_CONCEPTS, points: rest });
  return {
    series,
    total: series.reduce((sum, one) => sum + one.points.length, 0),
    positions: positionsOf(fast.content),
  };
}

export function useDive() {
  return useAsync(loadDive);
}

import { anno, dataOf } from "../../api/client";
import { useAsync } from "../../composables/useAsync";
import type { HistoryEntry } from "./usePendingHistory";

/** How many annotations (observations) use one name. */
export interface NameUse {
  name: string;
  annotations: number;
}

/**
 * The names a change touches: the concept's primary name, and for a name change the name
 * before and after it (annotations refer to concepts by name, so an old spelling still counts).
 */
export function namesTouched(entry: HistoryEntry): string[] {
  const names = [entry.concept];
  if (entry.field === "ConceptName") names.push(entry.oldValue ?? "", entry.newValue ?? "");
  return [...new Set(names.filter((name) => name !== ""))];
}

/** The impact preview of a pending change: the annotations that use each name it touches. */
export function useImpactPreview() {
  return useAsync(
    (entry: HistoryEntry): Promise<NameUse[]> =>
      Promise.all(
        namesTouched(entry).map(async (name) => {
          const counted = await dataOf(
            anno.GET("/v1/observations/concept/count/{concept}", { params: { path: { concept: name } } }),
          );
          return { name, annotations: counted.count };
        }),
      ),
  );
}

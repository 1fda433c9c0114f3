import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import { restoreItem } from "./association-model";
import type { WatchAnnotation } from "./watch-model";

type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

/**
 * A deleted annotation made again whole (`restoreItem`) in one request,
 * `POST /anno/v1/annotations/bulk`, which answers every annotation of its moment; `known` are the
 * observations shown before, so the one not among them is the annotation back. The service makes
 * a user's token the observer of what it creates: a maintainer bringing back another's
 * annotation gives it back its observer in a second request (theirs to change).
 */
export async function restoreAnnotation(
  annotation: WatchAnnotation,
  videoReferenceUuid: string,
  known: ReadonlySet<string>,
): Promise<{ written: Annotation[]; back?: Annotation }> {
  const written = await dataOf(
    anno.POST("/v1/annotations/bulk", { body: [restoreItem(annotation, videoReferenceUuid)] }),
  );
  const back = written.find((one) => !known.has(one.observation_uuid ?? ""));
  if (!back?.observation_uuid || back.observer === annotation.observer) return { written, back };
  const owned = await dataOf(
    anno.PUT("/v1/annotations/{observation_uuid}", {
      params: { path: { observation_uuid: back.observation_uuid } },
      body: { observer: annotation.observer },
    }),
  );
  return { written: written.map((one) => (one === back ? owned : one)), back: owned };
}

import { ref } from "vue";
import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import { boxValue, type Rect } from "./box-model";
import { rectInImage } from "./frame-grab-model";
import type { GrabbedImage } from "./useFrameGrab";
import { BOUNDING_BOX_LINK, type Box, type WatchAnnotation } from "./watch-model";

type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

/**
 * Storing the boxes drawn on an annotation's frame, each as its `bounding box` association
 * (docs/boxes.md): a new one created, a moved or resized one updated (its other fields kept), a
 * deleted one deleted. The annotation is read back after each, for the screen to show. A box
 * drawn on a moment without an image first has its frame grabbed and archived (`grab`), and is
 * stored on that image, in its pixels.
 */
export function useBoxEditing(
  shown: (annotation: Annotation) => void,
  grab: (observationUuid: string) => Promise<GrabbedImage>,
) {
  const error = ref<string>();

  async function attempt(observationUuid: string, run: () => Promise<unknown>): Promise<void> {
    error.value = undefined;
    try {
      await run();
    } catch (failure) {
      error.value = (failure as Error).message;
    }
    // Read back also after a failure: the screen shows what is stored.
    try {
      shown(
        await dataOf(
          anno.GET("/v1/annotations/{observation_uuid}", {
            params: { path: { observation_uuid: observationUuid } },
          }),
        ),
      );
    } catch (failure) {
      error.value ??= (failure as Error).message;
    }
  }

  /** A box drawn (no `uuid`) or changed on the annotation's frame, shown `frame` pixels large. */
  async function save(
    annotation: WatchAnnotation,
    box: Box | undefined,
    drawn: Rect,
    frame: { width: number; height: number },
  ): Promise<void> {
    await attempt(annotation.uuid, async () => {
      let image = box?.imageReferenceUuid ?? annotation.imageReferenceUuid;
      let rect = drawn;
      if (!image) {
        const grabbed = await grab(annotation.uuid);
        image = grabbed.uuid;
        rect = rectInImage(drawn, frame, grabbed);
      }
      if (box?.uuid) {
        const stored = await dataOf(
          anno.GET("/v1/associations/{uuid}", { params: { path: { uuid: box.uuid } } }),
        );
        const kept = JSON.parse(stored.link_value ?? "{}") as Record<string, unknown>;
        await anno.PUT("/v1/associations/{uuid}", {
          params: { path: { uuid: box.uuid } },
          body: { link_value: boxValue(rect, image, kept) },
        });
      } else
        await anno.POST("/v1/associations", {
          body: {
            observation_uuid: annotation.uuid,
            link_name: BOUNDING_BOX_LINK,
            to_concept: "self",
            link_value: boxValue(rect, image),
            mime_type: "application/json",
          },
        });
    });
  }

  /** A stored box deleted. */
  async function remove(annotation: WatchAnnotation, box: Box): Promise<void> {
    const uuid = box.uuid;
    if (!uuid) return;
    await attempt(annotation.uuid, () =>
      anno.DELETE("/v1/associations/{uuid}", { params: { path: { uuid } } }),
    );
  }

  return { error, save, remove };
}

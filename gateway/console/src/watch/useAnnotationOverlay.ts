import { type ComputedRef, computed, shallowRef } from "vue";
import { changed, type Overlay, withOverlay } from "./annotate-model";
import type { WatchAnnotation } from "./watch-model";

/**
 * The screen's own changes over the annotations it loaded, kept per video (by the video's UUID),
 * and the annotations of the video shown with them.
 */
export function useAnnotationOverlay(
  video: ComputedRef<{ uuid: string; annotations: readonly WatchAnnotation[] } | undefined>,
) {
  const overlays = shallowRef<ReadonlyMap<string, Overlay<WatchAnnotation>>>(new Map());
  const overlayOf = (videoUuid: string): Overlay<WatchAnnotation> =>
    overlays.value.get(videoUuid) ?? new Map();
  function put(videoUuid: string, overlay: Overlay<WatchAnnotation>) {
    const next = new Map(overlays.value);
    next.set(videoUuid, overlay);
    overlays.value = next;
  }
  /** The annotation `uuid` of the video shown as `annotation` (null: deleted). */
  function change(videoUuid: string, uuid: string, annotation: WatchAnnotation | null) {
    put(videoUuid, changed(overlayOf(videoUuid), uuid, annotation));
  }
  /** The annotation `uuid` as loaded again (a pending one gone). */
  function forget(videoUuid: string, uuid: string) {
    const overlay = new Map(overlayOf(videoUuid));
    overlay.delete(uuid);
    put(videoUuid, overlay);
  }
  const annotations = computed(() =>
    video.value ? withOverlay(video.value.annotations, overlayOf(video.value.uuid)) : [],
  );
  return { annotations, change, forget };
}

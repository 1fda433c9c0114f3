import { computed, type Ref } from "vue";
import type { Session } from "../composables/useSession";
import { isPending, mayChange } from "./annotate-model";
import { isOnFrame, type WatchAnnotation } from "./watch-model";

/** What the screen knows of the frame on screen. */
export interface FrameShown {
  paused: Ref<boolean>;
  seconds: Ref<number>;
  /** The video's own size, once its metadata is read. */
  frameSize: Ref<{ width: number; height: number }>;
  frameSeconds(): number;
}

/**
 * The selected annotation's frame, when the screen is paused on it: whether a signed-in user may
 * grab it into the image archive (`grabbable`), whether they may draw its boxes (`boxable`: they
 * may also change the annotation), and the frame's size in pixels (the registry's until the
 * video's own is known).
 */
export function useSelectedFrame(
  selected: Ref<WatchAnnotation | undefined>,
  session: Ref<Session | undefined>,
  shown: FrameShown,
  registered: Ref<{ width?: number; height?: number } | undefined>,
) {
  const grabbable = computed(() => {
    const annotation = selected.value;
    return annotation &&
      session.value &&
      !isPending(annotation.uuid) &&
      shown.paused.value &&
      isOnFrame(annotation.seconds, shown.seconds.value, shown.frameSeconds())
      ? annotation
      : undefined;
  });
  const boxable = computed(() =>
    grabbable.value && mayChange(session.value, grabbable.value.observer) ? grabbable.value : undefined,
  );
  const frame = computed(() => ({
    width: shown.frameSize.value.width || registered.value?.width || 0,
    height: shown.frameSize.value.height || registered.value?.height || 0,
  }));
  return { grabbable, boxable, frame };
}

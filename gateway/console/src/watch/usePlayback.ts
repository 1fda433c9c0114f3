import { onBeforeUnmount, type Ref, ref, watch } from "vue";

/** The speeds `[` and `]` step through. */
export const SPEEDS = [0.1, 0.25, 0.5, 1, 1.5, 2, 4, 8] as const;
/** Set when the screen's first video frame is on screen (read by the benchmark). */
export const FIRST_FRAME_MARK = "m3-watch-first-frame";

/**
 * The state of a video element as the screen shows it: the time of the frame on screen (from
 * requestVideoFrameCallback, exact to the frame, where the browser has it), paused or not, and
 * the speed; and what the keys and clicks do: play or pause, step a frame, change speed, seek.
 */
export function usePlayback(video: Ref<HTMLVideoElement | undefined>, frameRate: Ref<number>) {
  const seconds = ref(0);
  const duration = ref(0);
  const paused = ref(true);
  const rate = ref(1);
  /** The frame's size in pixels, once the file's metadata is read. */
  const frameSize = ref({ width: 0, height: 0 });
  let frameCallback: number | undefined;
  let marked = false;

  const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
    seconds.value = frame.mediaTime;
    if (!marked) {
      marked = true;
      performance.mark(FIRST_FRAME_MARK);
    }
    frameCallback = video.value?.requestVideoFrameCallback(onFrame);
  };
  const sync = () => {
    const element = video.value;
    if (!element) return;
    paused.value = element.paused;
    rate.value = element.playbackRate;
    duration.value = Number.isFinite(element.duration) ? element.duration : 0;
    frameSize.value = { width: element.videoWidth, height: element.videoHeight };
    if (element.paused) seconds.value = element.currentTime;
  };
  const events = ["play", "pause", "seeked", "ratechange", "loadedmetadata", "durationchange", "emptied"];
  watch(
    video,
    (element, previous) => {
      for (const name of events) previous?.removeEventListener(name, sync);
      if (previous && frameCallback !== undefined) previous.cancelVideoFrameCallback(frameCallback);
      if (!element) return;
      for (const name of events) element.addEventListener(name, sync);
      frameCallback = element.requestVideoFrameCallback(onFrame);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => {
    const element = video.value;
    for (const name of events) element?.removeEventListener(name, sync);
    if (element && frameCallback !== undefined) element.cancelVideoFrameCallback(frameCallback);
  });

  const frameSeconds = () => 1 / (frameRate.value > 0 ? frameRate.value : 30);
  /** Lands a little past the frame's start, so the browser shows that frame and not the one before. */
  const seek = (to: number) => {
    const element = video.value;
    if (!element) return;
    const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY;
    element.currentTime = Math.min(Math.max(0, to + 0.001), end);
    seconds.value = element.currentTime;
  };
  return {
    seconds,
    duration,
    paused,
    rate,
    frameSize,
    frameSeconds,
    seek,
    togglePlay() {
      const element = video.value;
      if (!element) return;
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    },
    /** Pauses and moves `frames` frames (negative: back). */
    step(frames: number) {
      const element = video.value;
      if (!element) return;
      element.pause();
      const frame = Math.round(element.currentTime / frameSeconds());
      seek((frame + frames) * frameSeconds());
    },
    /** One speed faster (1) or slower (-1). */
    changeSpeed(direction: 1 | -1) {
      const element = video.value;
      if (!element) return;
      const at = SPEEDS.findIndex((speed) => speed >= element.playbackRate);
      const next =
        SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, (at < 0 ? SPEEDS.length - 1 : at) + direction))];
      element.playbackRate = next ?? 1;
    },
  };
}

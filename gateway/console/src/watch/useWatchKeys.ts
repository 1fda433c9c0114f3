import { onBeforeUnmount, onMounted } from "vue";

/** The screen's keys, each with what it does (the screen lists them). */
export const WATCH_KEYS = [
  { key: "Space", does: "play or pause" },
  { key: ",", does: "back one frame" },
  { key: ".", does: "forward one frame" },
  { key: "[", does: "slower" },
  { key: "]", does: "faster" },
  { key: "/", does: "type a concept to annotate" },
  { key: "A", does: "add an association to the selected annotation" },
  { key: "Delete", does: "delete the selected annotation" },
  { key: "g", does: "grab the selected annotation's frame into the image archive" },
  { key: "Ctrl+Z", does: "undo the last change" },
] as const;

export interface WatchKeyActions {
  togglePlay(): void;
  step(frames: number): void;
  changeSpeed(direction: 1 | -1): void;
  focusConcept(): void;
  deleteSelected(): void;
  grabFrame(): void;
  undo(): void;
}

/** Fields where a key types text rather than drives the video (the video picker is not one). */
export function typesText(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (/^(INPUT|TEXTAREA)$/.test(element.tagName) || element.isContentEditable);
}

/** The keys, anywhere on the screen except while typing in a field. */
export function useWatchKeys(actions: WatchKeyActions): void {
  const onKey = (event: KeyboardEvent) => {
    if (typesText(event.target)) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z") {
      event.preventDefault();
      actions.undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action: Record<string, () => void> = {
      " ": actions.togglePlay,
      ",": () => actions.step(-1),
      ".": () => actions.step(1),
      "[": () => actions.changeSpeed(-1),
      "]": () => actions.changeSpeed(1),
      "/": actions.focusConcept,
      Delete: actions.deleteSelected,
      g: actions.grabFrame,
    };
    const run = action[event.key];
    if (!run) return;
    // Space would also press a focused button or scroll the page.
    event.preventDefault();
    if (!event.repeat || event.key !== " ") run();
  };
  onMounted(() => window.addEventListener("keydown", onKey));
  onBeforeUnmount(() => window.removeEventListener("keydown", onKey));
}

import { onBeforeUnmount, onMounted } from "vue";
import { typesText } from "./useWatchKeys";

/** One more key of the screen (listed in WATCH_KEYS): `key` without modifiers, outside text fields, runs `run`. */
export function useKey(key: string, run: () => void): void {
  const onKey = (event: KeyboardEvent) => {
    if (typesText(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.toLowerCase() !== key) return;
    event.preventDefault();
    run();
  };
  onMounted(() => window.addEventListener("keydown", onKey));
  onBeforeUnmount(() => window.removeEventListener("keydown", onKey));
}

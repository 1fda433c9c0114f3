import { ref, watch } from "vue";
import { dataOf, kb } from "../api/client";

/** Pause after the last key before asking: short enough to feel instant, long enough to skip most keys. */
const DEBOUNCE_MILLIS = 100;
const MAX_SUGGESTIONS = 15;

/** Concepts having a name (primary or alternate) containing the typed text, as the person types. */
export function useConceptSuggestions() {
  const text = ref("");
  const suggestions = ref<{ name: string; alternates: string[] }[]>([]);
  const error = ref<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  watch(text, (typed) => {
    clearTimeout(timer);
    const part = typed.trim();
    if (part.length < 2) {
      suggestions.value = [];
      return;
    }
    timer = setTimeout(async () => {
      const mine = ++generation;
      try {
        const found = await dataOf(kb.GET("/v1/concept/find/{name}", { params: { path: { name: part } } }));
        if (mine !== generation) return;
        error.value = undefined;
        suggestions.value = found.slice(0, MAX_SUGGESTIONS).map((concept) => ({
          name: concept.name ?? "",
          alternates: concept.alternateNames ?? [],
        }));
      } catch (failure) {
        if (mine === generation) error.value = (failure as Error).message;
      }
    }, DEBOUNCE_MILLIS);
  });
  return { text, suggestions, error };
}

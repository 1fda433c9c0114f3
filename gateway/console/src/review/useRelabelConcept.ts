import { ref, watch } from "vue";
import { ApiError } from "../api/api-error";
import { dataOf, kb } from "../api/client";
import { useConceptSuggestions } from "../kb/useConceptSuggestions";
import { namesConcept } from "./concept-name";

/**
 * The concept box of a relabel: suggestions from the kb as the person types, and `resolve`, the
 * primary name of the concept the typed text names (any of its names: the kb's exact match,
 * else the same name in another case among those found). A relabel never guesses: for a text
 * naming no concept, `resolve` says which one was likely meant and gives undefined.
 */
export function useRelabelConcept() {
  const { text, suggestions, error, nothingFound, choose } = useConceptSuggestions();
  const notExact = ref<string>();
  watch(text, () => {
    notExact.value = undefined;
  });

  async function exactly(name: string): Promise<string | undefined> {
    try {
      return (await dataOf(kb.GET("/v1/concept/{name}", { params: { path: { name } } }))).name;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) return undefined;
      throw failure;
    }
  }

  async function resolve(): Promise<string | undefined> {
    const typed = text.value.trim();
    try {
      const named = await exactly(typed);
      if (named !== undefined) return named;
    } catch (failure) {
      error.value = (failure as Error).message;
      return undefined;
    }
    const likely = await choose();
    if (likely === undefined) return undefined;
    if (
      namesConcept(
        typed,
        suggestions.value.find((suggestion) => suggestion.name === likely),
      )
    )
      return likely;
    notExact.value = `No concept is named “${typed}”: did you mean ${likely}?`;
    return undefined;
  }

  return { text, suggestions, error, nothingFound, notExact, resolve };
}

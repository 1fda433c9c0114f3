import { computed, ref, shallowRef, watch } from "vue";
import { useRouter } from "vue-router";
import { dataOf, kb } from "../api/client";

/** Pause after the last key before asking: short enough to feel instant, long enough to skip most keys. */
const DEBOUNCE_MILLIS = 100;
const MAX_SUGGESTIONS = 15;
/** Shorter text matches too much of the kb to be worth asking about. */
const MIN_LENGTH = 2;

export interface ConceptSuggestion {
  name: string;
  alternates: string[];
}

/**
 * The concept a person means by `typed` among those found for it (sorted by name, as the kb
 * returns them): the one having it as its name or an alternate name, in any case, else the first.
 */
export function bestMatch(typed: string, found: readonly ConceptSuggestion[]): string | undefined {
  const wanted = typed.trim().toLowerCase();
  const named = found.find(({ name, alternates }) =>
    [name, ...alternates].some((each) => each.toLowerCase() === wanted),
  );
  return (named ?? found[0])?.name;
}

/**
 * Concepts having a name (primary or alternate) containing the typed text, as the person types;
 * `choose` gives the one to open for the text typed so far (Enter), asking at once if need be, and
 * `openChosen` (an Enter key's handler) opens its kb page.
 */
export function useConceptSuggestions() {
  const router = useRouter();
  const text = ref("");
  /** Every concept found for `part`, the trimmed text it was asked for. */
  const found = shallowRef<{ part: string; concepts: ConceptSuggestion[] }>();
  const suggestions = computed(() => found.value?.concepts.slice(0, MAX_SUGGESTIONS) ?? []);
  const error = ref<string>();
  /** Says that `choose` found nothing for the text, until it changes. */
  const nothingFound = ref<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: { part: string; answer: Promise<ConceptSuggestion[]> } | undefined;

  /** The concepts found for `part`, asked once however many times they are wanted meanwhile. */
  function ask(part: string): Promise<ConceptSuggestion[]> {
    if (found.value?.part === part) return Promise.resolve(found.value.concepts);
    if (asking?.part === part) return asking.answer;
    const answer = dataOf(kb.GET("/v1/concept/find/{name}", { params: { path: { name: part } } })).then(
      (concepts) =>
        concepts.map((concept) => ({ name: concept.name ?? "", alternates: concept.alternateNames ?? [] })),
    );
    asking = { part, answer };
    const done = () => {
      if (asking?.answer === answer) asking = undefined;
    };
    answer.then(done, done);
    return answer;
  }

  /** Asks for `part` and shows the answer, unless the text changed meanwhile; undefined on failure. */
  async function show(part: string): Promise<ConceptSuggestion[] | undefined> {
    const current = () => text.value.trim() === part;
    try {
      const concepts = await ask(part);
      if (!current()) return undefined;
      error.value = undefined;
      found.value = { part, concepts };
      return concepts;
    } catch (failure) {
      if (current()) error.value = (failure as Error).message;
      return undefined;
    }
  }

  watch(text, (typed) => {
    clearTimeout(timer);
    nothingFound.value = undefined;
    const part = typed.trim();
    if (part.length < MIN_LENGTH) {
      found.value = undefined;
      return;
    }
    timer = setTimeout(() => show(part), DEBOUNCE_MILLIS);
  });

  /** The name of the concept to open for the text typed so far, as `bestMatch` picks it. */
  async function choose(): Promise<string | undefined> {
    const part = text.value.trim();
    if (part.length < MIN_LENGTH) return undefined;
    clearTimeout(timer);
    const concepts = await show(part);
    if (concepts === undefined) return undefined;
    const name = bestMatch(part, concepts);
    if (name === undefined) nothingFound.value = `No concept has a name containing “${part}”.`;
    return name;
  }

  /** Enter opens the kb page of the concept named as typed (any of its names, any case), else the first suggested. */
  async function openChosen(event: KeyboardEvent): Promise<void> {
    if (event.isComposing) return;
    const name = await choose();
    if (name === undefined) return;
    text.value = "";
    await router.push(`/kb/${encodeURIComponent(name)}`);
  }

  return { text, suggestions, error, nothingFound, choose, openChosen };
}

import { computed, ref, shallowRef, watch } from "vue";
import { dataOf, kb } from "../api/client";
import { type NamedConcept, rankConcepts } from "./annotate-model";

/** Pause after the last key before asking the kb. */
const DEBOUNCE_MILLIS = 80;
const MAX_OFFERED = 12;
/** One letter matches too much of the kb to be worth asking about. */
const MIN_LENGTH = 2;

/** The kb's concepts having a name, synonym or common name containing `part`. */
async function findConcepts(part: string): Promise<NamedConcept[]> {
  const found = await dataOf(kb.GET("/v1/concept/find/{name}", { params: { path: { name: part } } }));
  return found.map((concept) => ({ name: concept.name ?? "", alternates: concept.alternateNames ?? [] }));
}

/**
 * A concept box's completion: the kb's concepts for the typed text, ranked (`rankConcepts`), with
 * the one the arrow keys point at; `chosen` gives the concept Enter takes, asking at once if the
 * answer for the text typed is not in yet.
 */
export function useConceptCompletion() {
  const text = ref("");
  const found = shallowRef<{ part: string; concepts: NamedConcept[] }>();
  const active = ref(0);
  const error = ref<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cache = new Map<string, Promise<NamedConcept[]>>();

  const ask = (part: string) => {
    let answer = cache.get(part);
    if (!answer) {
      answer = findConcepts(part);
      cache.set(part, answer);
      answer.catch(() => cache.delete(part));
    }
    return answer;
  };
  async function show(part: string): Promise<NamedConcept[] | undefined> {
    try {
      const concepts = rankConcepts(part, await ask(part));
      if (text.value.trim() !== part) return undefined;
      error.value = undefined;
      found.value = { part, concepts };
      return concepts;
    } catch (failure) {
      error.value = (failure as Error).message;
      return undefined;
    }
  }
  watch(text, (typed) => {
    clearTimeout(timer);
    active.value = 0;
    const part = typed.trim();
    if (part.length < MIN_LENGTH) found.value = undefined;
    else timer = setTimeout(() => show(part), DEBOUNCE_MILLIS);
  });

  const offered = computed(() =>
    found.value?.part === text.value.trim() ? found.value.concepts.slice(0, MAX_OFFERED) : [],
  );
  function move(step: 1 | -1) {
    const count = offered.value.length;
    if (count > 0) active.value = (active.value + step + count) % count;
  }
  /** The concept Enter takes: the one pointed at, else the best ranked; undefined when none has the text. */
  async function chosen(): Promise<string | undefined> {
    const part = text.value.trim();
    if (part.length < MIN_LENGTH) return undefined;
    clearTimeout(timer);
    const concepts = found.value?.part === part ? found.value.concepts : await show(part);
    return concepts?.[Math.min(active.value, (concepts?.length ?? 1) - 1)]?.name;
  }
  return { text, offered, active, error, move, chosen };
}

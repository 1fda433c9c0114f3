import { computed, type Ref, ref, shallowRef, watch } from "vue";
import { dataOf, kb } from "../api/client";
import { type Link, offeredTemplates } from "./association-model";

/** The kb's link templates applicable to a concept: its own and its ancestors' (oni's query/for). */
async function templatesFor(concept: string): Promise<Link[]> {
  const found = await dataOf(
    kb.GET("/v1/linktemplates/query/for/{concept_name}", { params: { path: { concept_name: concept } } }),
  );
  return found.map(({ linkName, toConcept, linkValue }) => ({ linkName, toConcept, linkValue }));
}

/**
 * The association editor's completion: the link templates of `concept`, read once per concept,
 * filtered by the text typed (`offeredTemplates`), with the one the arrow keys point at.
 */
export function useLinkTemplates(concept: Ref<string | undefined>) {
  const text = ref("");
  const templates = shallowRef<Link[]>([]);
  const active = ref(0);
  const error = ref<string>();
  const cache = new Map<string, Promise<Link[]>>();

  watch(
    concept,
    async (name) => {
      templates.value = [];
      if (!name) return;
      let answer = cache.get(name);
      if (!answer) {
        answer = templatesFor(name);
        cache.set(name, answer);
        answer.catch(() => cache.delete(name));
      }
      try {
        const read = await answer;
        if (concept.value === name) templates.value = read;
        error.value = undefined;
      } catch (failure) {
        error.value = (failure as Error).message;
      }
    },
    { immediate: true },
  );
  watch(text, () => (active.value = 0));

  const offered = computed(() => offeredTemplates(text.value, templates.value));
  function move(step: 1 | -1) {
    const count = offered.value.length;
    if (count > 0) active.value = (active.value + step + count) % count;
  }
  /** The template Enter takes: the one pointed at; undefined when none is offered. */
  const chosen = () => offered.value[Math.min(active.value, offered.value.length - 1)];
  return { text, templates, offered, active, error, move, chosen };
}

import { type Ref, shallowRef, watch } from "vue";
import { conceptNames } from "../composables/conceptNames";

/** The most names the to-concept box offers (a template's root may have thousands under it). */
const MOST_OFFERED = 500;

/**
 * The names a link's to-concept may take: the root concept and its descendants in the kb
 * (`GET /kb/v1/phylogeny/taxa/{name}`), read once per root; none without a root. A failed read
 * offers the root alone: the box still takes any text.
 */
export function useToConcepts(root: Ref<string | undefined>) {
  const names = shallowRef<string[]>([]);
  const cache = new Map<string, Promise<string[]>>();
  watch(root, async (name) => {
    names.value = name ? [name] : [];
    if (!name) return;
    let answer = cache.get(name);
    if (!answer) {
      answer = conceptNames(name, true);
      cache.set(name, answer);
      answer.catch(() => cache.delete(name));
    }
    const found = await answer.catch(() => [name]);
    if (root.value === name) names.value = found.slice(0, MOST_OFFERED);
  });
  return names;
}

import { dataOf, type KbSchemas, kb } from "../api/client";
import { useAsync } from "../composables/useAsync";

export interface ConceptPage {
  concept: KbSchemas["m3.kb.v1.ConceptMetadata"];
  /** Root first, the concept's parent last. */
  parents: string[];
  children: string[];
  links: { linkName: string; toConcept: string; linkValue: string }[];
  history: KbSchemas["m3.kb.v1.ExtendedHistory"][];
}

/** The names of a branch from the root (as /phylogeny/up nests it), the concept itself left out. */
function parentPath(branch: KbSchemas["m3.kb.v1.SerdeConcept"] | undefined, name: string): string[] {
  const path: string[] = [];
  for (let node = branch; node !== undefined && node.name !== name; node = node.children?.[0])
    path.push(node.name);
  return path;
}

async function loadConcept(name: string): Promise<ConceptPage> {
  const path = { params: { path: { name } } };
  const [concept, branch, children, links, history] = await Promise.all([
    dataOf(kb.GET("/v1/concept/{name}", path)),
    dataOf(kb.GET("/v1/phylogeny/up/{name}", path)),
    dataOf(kb.GET("/v1/concept/children/{name}", path)),
    dataOf(
      kb.GET("/v1/linkrealizations/concept/{concept_name}", { params: { path: { concept_name: name } } }),
    ),
    dataOf(kb.GET("/v1/history/concept/{name}", path)),
  ]);
  return {
    concept,
    parents: parentPath(branch, concept.name),
    children: children.map((child) => child.name),
    links,
    history,
  };
}

/** One concept with everything its page shows, reloaded when the selected name changes. */
export function useConcept() {
  return useAsync(loadConcept);
}

import type { SerdeConcept } from "../../../proto/gen/m3/kb/v1/resources.js";
import type { PhylogenyService } from "../../../services/kb/phylogeny/phylogeny.service.js";
import type { Category } from "./export-types.js";

/**
 * The export's categories: the kb's concepts asked for (a concept and, on request, its
 * descendants, in the kb's order), then any other concept met on a box, in the order met.
 * Each category's supercategory is its parent in the kb ("" for the root or a name the kb
 * does not know).
 */
export class CategoryList {
  private readonly ids = new Map<string, number>();

  constructor(initial: readonly string[] = []) {
    for (const name of initial) this.idOf(name);
  }

  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(name, id);
    }
    return id;
  }

  names(): string[] {
    return [...this.ids.keys()];
  }

  async categories(kb: PhylogenyService): Promise<Category[]> {
    const categories: Category[] = [];
    for (const [name, id] of this.ids) categories.push({ id, name, supercategory: await parentOf(kb, name) });
    return categories;
  }
}

/** The concept's name and its descendants' (primary names), as the kb's taxa list them. */
export async function conceptAndDescendants(kb: PhylogenyService, concept: string): Promise<string[]> {
  const taxa = await kb.taxa(concept).catch(() => undefined);
  if (taxa === undefined) throw new Error(`the kb has no concept named "${concept}"`);
  return taxa.map((node) => node.name);
}

async function parentOf(kb: PhylogenyService, name: string): Promise<string> {
  const branch = await kb.up(name).catch(() => undefined);
  const path: string[] = [];
  for (let node: SerdeConcept | undefined = branch; node; node = node.children[0]) path.push(node.name);
  return path.length > 1 ? (path.at(-2) as string) : "";
}

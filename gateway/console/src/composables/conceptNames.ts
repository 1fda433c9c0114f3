import { dataOf, kb } from "../api/client";

/**
 * The concept names an annotation query asks for: the concept alone, or with every concept
 * under it in the kb (its descendants' primary names, as annotations record them).
 */
export async function conceptNames(name: string, descendants: boolean): Promise<string[]> {
  if (!descendants) return [name];
  const taxa = await dataOf(kb.GET("/v1/phylogeny/taxa/{name}", { params: { path: { name } } }));
  return taxa.map((taxon) => taxon.name);
}

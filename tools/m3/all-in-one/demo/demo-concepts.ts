import { conceptMix, distinctLinkTemplates, primaryNameOf } from "../../datagen/concept-mix.js";
import type { SeededRandom } from "../../datagen/seeded-random.js";
import type { DumpConcept, DumpLink, KbDump } from "../../kb-import/kb-dump.js";

/** A concept the demo annotates, with the link templates an annotator may pick for it. */
export interface DemoConcept {
  name: string;
  /** Its own templates and those inherited from its ancestors (the kb's root left out). */
  templates: readonly DumpLink[];
}

const ANIMALS = "Animalia";
const OBSERVED_RANKS = new Set(["species", "genus"]);

/**
 * `size` animals of the real kb, drawn with the seeded source: genera and species that have
 * images in the kb (so their concept pages show something) and are named in `available`,
 * the concept names the running kb holds.
 */
export function demoConceptPool(
  dump: KbDump,
  available: ReadonlySet<string>,
  size: number,
  random: SeededRandom,
): DemoConcept[] {
  const candidates = dump.concepts.filter((concept) => {
    const name = primaryNameOf(concept);
    return (
      name !== undefined &&
      available.has(name) &&
      concept.media.length > 0 &&
      OBSERVED_RANKS.has(concept.rankName?.toLowerCase() ?? "") &&
      lineage(dump, concept).some((ancestor) => primaryNameOf(ancestor) === ANIMALS)
    );
  });
  return random
    .shuffle([...candidates])
    .slice(0, size)
    .map((concept) => ({
      name: primaryNameOf(concept) as string,
      templates: distinctLinkTemplates(
        lineage(dump, concept).filter((ancestor) => ancestor.parentIndex !== undefined),
      ).filter((template) => template.linkName.trim() !== ""),
    }));
}

/** The concept and its ancestors up to the root. */
function lineage(dump: KbDump, concept: DumpConcept): DumpConcept[] {
  const chain: DumpConcept[] = [];
  for (let at: DumpConcept | undefined = concept; at; ) {
    chain.push(at);
    at = at.parentIndex === undefined ? undefined : dump.concepts[at.parentIndex];
  }
  return chain;
}

/**
 * The concept of each of the demo's `total` annotations, in order: a Zipf-skewed mix over the
 * pool (a few animals are seen often, most rarely), the same for the same pool and seed.
 */
export function demoConceptSequence(
  pool: readonly DemoConcept[],
  total: number,
  random: SeededRandom,
): DemoConcept[] {
  const byName = new Map(pool.map((concept) => [concept.name, concept]));
  const mix = conceptMix([...byName.keys()], total, random);
  return Array.from(mix.conceptIndexOf, (rank) => byName.get(mix.ranked[rank] as string) as DemoConcept);
}

import type { DumpConcept, DumpLink } from "../kb-import/kb-dump.js";
import type { SeededRandom } from "./seeded-random.js";

/** The share of all annotations the benchmark's concept gets: 10,000 of 1,000,000. */
export const TARGET_SHARE = 0.01;

/** Which concept each annotation observes: a Zipf-skewed mix over the kb's concepts. */
export interface ConceptMix {
  /** The concepts by popularity rank (rank 1 first). */
  ranked: readonly string[];
  /** Annotations per rank; they add up to the number of annotations. */
  quotas: readonly number[];
  /** The concept with exactly round(annotations × TARGET_SHARE) annotations. */
  target: { name: string; count: number };
  /** For annotation i, the rank index (into `ranked`) of its concept, in a shuffled order. */
  conceptIndexOf: Int32Array;
}

/** Each concept's primary name (the tree's root and unnamed concepts are left out), once. */
export function primaryConceptNames(concepts: readonly DumpConcept[]): string[] {
  const names = new Set<string>();
  for (const concept of concepts) {
    if (concept.parentIndex === undefined) continue;
    const primary = primaryNameOf(concept);
    if (primary !== undefined) names.add(primary);
  }
  return [...names];
}

/** A concept's primary name (else its first name); undefined when it has no usable name. */
export function primaryNameOf(concept: DumpConcept): string | undefined {
  const primary = concept.names.find((name) => name.nameType.toLowerCase() === "primary") ?? concept.names[0];
  return primary && primary.name.trim() !== "" ? primary.name : undefined;
}

/** Longer template values are reference texts, not what an annotator types on an observation. */
const MAX_LINK_VALUE = 64;

/**
 * The kb's link templates, each once: what annotators pick associations from. The data-set
 * description templates (`dsg-*`) and long reference texts are left out.
 */
export function distinctLinkTemplates(concepts: readonly DumpConcept[]): DumpLink[] {
  const seen = new Map<string, DumpLink>();
  for (const concept of concepts) {
    for (const link of concept.linkTemplates) {
      if (link.linkName.startsWith("dsg-") || link.linkValue.length > MAX_LINK_VALUE) continue;
      seen.set(`${link.linkName}\u0000${link.toConcept}\u0000${link.linkValue}`, link);
    }
  }
  return [...seen.values()];
}

/**
 * Ranks the concepts in a seeded order and gives rank r a share proportional to 1/r (Zipf,
 * as real annotation counts are: a few concepts dominate, most are rare). The rank whose
 * share is nearest TARGET_SHARE gets exactly round(annotations × TARGET_SHARE); the others
 * split the rest by largest remainder, so the quotas add up to `annotations` exactly.
 */
export function conceptMix(names: readonly string[], annotations: number, random: SeededRandom): ConceptMix {
  if (names.length < 2) throw new Error("the kb needs at least two named concepts");
  const ranked = random.shuffle([...names]);
  const weights = ranked.map((_, index) => 1 / (index + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let targetRank = 0;
  for (let rank = 1; rank < ranked.length; rank++) {
    const distance = Math.abs((weights[rank] as number) / total - TARGET_SHARE);
    if (distance < Math.abs((weights[targetRank] as number) / total - TARGET_SHARE)) targetRank = rank;
  }
  const targetCount = Math.round(annotations * TARGET_SHARE);
  const quotas = largestRemainder(
    weights.map((weight, rank) => (rank === targetRank ? 0 : weight)),
    annotations - targetCount,
  );
  quotas[targetRank] = targetCount;
  const conceptIndexOf = new Int32Array(annotations);
  let next = 0;
  quotas.forEach((quota, rank) => {
    conceptIndexOf.fill(rank, next, next + quota);
    next += quota;
  });
  random.shuffle(conceptIndexOf);
  return {
    ranked,
    quotas,
    target: { name: ranked[targetRank] as string, count: targetCount },
    conceptIndexOf,
  };
}

/** Integer parts of `amount` proportional to the weights, adding up to `amount` exactly. */
function largestRemainder(weights: readonly number[], amount: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (weight / total) * amount);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((x, y) => y.remainder - x.remainder || x.index - y.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = (parts[index] as number) + 1;
    left--;
  }
  return parts;
}

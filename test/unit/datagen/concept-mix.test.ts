import test from "ava";
import {
  conceptMix,
  distinctLinkTemplates,
  primaryConceptNames,
  TARGET_SHARE,
} from "../../../tools/m3/datagen/concept-mix.js";
import { SeededRandom } from "../../../tools/m3/datagen/seeded-random.js";
import type { DumpConcept } from "../../../tools/m3/kb-import/kb-dump.js";

const NAMES = Array.from({ length: 3000 }, (_, i) => `concept ${i}`);

function concept(index: number, parentIndex: number | undefined, names: DumpConcept["names"]): DumpConcept {
  return {
    index,
    parentIndex,
    depth: parentIndex === undefined ? 1 : 2,
    rankLevel: undefined,
    rankName: undefined,
    names,
    media: [],
    linkTemplates: [
      { linkName: "comment", toConcept: "self", linkValue: "nil" },
      { linkName: "dsg-description", toConcept: "self", linkValue: "a data set" },
      { linkName: "reference", toConcept: "self", linkValue: "x".repeat(65) },
    ],
    linkRealizations: [],
  };
}

test("the quotas add up to the annotations and the target concept gets exactly 1% of them", (t) => {
  const mix = conceptMix(NAMES, 1_000_000, new SeededRandom(42));
  t.is(
    mix.quotas.reduce((sum, quota) => sum + quota, 0),
    1_000_000,
  );
  t.is(mix.target.count, 1_000_000 * TARGET_SHARE);
  t.is(mix.quotas[mix.ranked.indexOf(mix.target.name)], 10_000);
  t.is(mix.conceptIndexOf.length, 1_000_000);
});

test("the mix is skewed: the top concept has far more annotations than the target, most concepts few", (t) => {
  const mix = conceptMix(NAMES, 100_000, new SeededRandom(7));
  const sorted = [...mix.quotas].sort((a, b) => b - a);
  t.true((sorted[0] as number) > 5 * mix.target.count);
  t.true((sorted[Math.floor(sorted.length / 2)] as number) < mix.target.count / 10);
  const others = mix.quotas.filter((_, rank) => mix.ranked[rank] !== mix.target.name);
  // Popularity falls with rank (rounding may move one annotation).
  t.true(others.every((quota, rank) => rank === 0 || quota <= (others[rank - 1] as number) + 1));
});

test("each annotation's concept follows the quotas", (t) => {
  const mix = conceptMix(NAMES, 20_000, new SeededRandom(3));
  const counts = new Map<number, number>();
  for (const rank of mix.conceptIndexOf) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  mix.quotas.forEach((quota, rank) => {
    t.is(counts.get(rank) ?? 0, quota);
  });
});

test("the same seed gives the same mix and another seed another one", (t) => {
  const first = conceptMix(NAMES, 5000, new SeededRandom(42));
  const again = conceptMix(NAMES, 5000, new SeededRandom(42));
  const other = conceptMix(NAMES, 5000, new SeededRandom(43));
  t.deepEqual(again.ranked, first.ranked);
  t.deepEqual([...again.conceptIndexOf], [...first.conceptIndexOf]);
  t.notDeepEqual(other.ranked, first.ranked);
});

test("concept names are the primary names, without the root; templates leave out dsg-* and long texts", (t) => {
  const concepts = [
    concept(0, undefined, [{ name: "object", nameType: "Primary", author: undefined }]),
    concept(1, 0, [
      { name: "fishes", nameType: "common", author: undefined },
      { name: "Pisces", nameType: "primary", author: undefined },
    ]),
    concept(2, 0, [{ name: "rock", nameType: "Primary", author: undefined }]),
  ];
  t.deepEqual(primaryConceptNames(concepts), ["Pisces", "rock"]);
  t.deepEqual(distinctLinkTemplates(concepts), [
    { linkName: "comment", toConcept: "self", linkValue: "nil" },
  ]);
});

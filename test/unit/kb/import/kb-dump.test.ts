import test from "ava";
import { parseKbDump } from "../../../../tools/m3/kb-import/kb-dump.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../../tools/m3/kb-import/kb-import.js";

const SAMPLE = {
  names: [
    { name: "object", nameType: "Primary" },
    { name: "root", nameType: "Synonym", author: "jana" },
  ],
  originator: "vicki",
  metadata: {
    linkRealizations: [],
    linkTemplates: [{ linkName: "comment", linkValue: "nil", toConcept: "self" }],
    medias: [],
  },
  children: [
    {
      names: [{ name: "fish", nameType: "primary" }],
      rankName: "class",
      rankLevel: "super",
      nodcCode: "8700",
      metadata: {
        linkRealizations: [{ linkName: "dsg-description", toConcept: "self", linkValue: "" }],
        medias: [{ url: "http://x/fish.jpg", caption: "a fish", primaryMedia: true, type: "Image" }],
      },
      children: [{ names: [{ name: "shark", nameType: "common" }] }],
    },
    { names: [{ name: "rock", nameType: "primary" }], metadata: { media: [{ url: "http://x/rock.png" }] } },
  ],
};

test("flattens the tree in pre-order with parents, depths, ranks and attachments", (t) => {
  const dump = parseKbDump(SAMPLE);
  t.deepEqual(
    dump.concepts.map((c) => [c.names[0]?.name, c.parentIndex, c.depth]),
    [
      ["object", undefined, 1],
      ["fish", 0, 2],
      ["shark", 1, 3],
      ["rock", 0, 2],
    ],
  );
  t.deepEqual(dump.counts, { concepts: 4, names: 5, media: 2, linkTemplates: 1, linkRealizations: 1 });
  const fish = dump.concepts[1];
  t.like(fish, { rankLevel: "super", rankName: "class" });
  t.deepEqual(fish?.media, [
    { url: "http://x/fish.jpg", caption: "a fish", credit: undefined, isPrimary: true, mediaType: "Image" },
  ]);
  t.deepEqual(fish?.linkRealizations, [{ linkName: "dsg-description", toConcept: "self", linkValue: "" }]);
  t.deepEqual(dump.concepts[0]?.names[1], { name: "root", nameType: "Synonym", author: "jana" });
});

test("accepts both `medias` and `media`, and defaults missing link fields to self and nil", (t) => {
  const dump = parseKbDump({
    names: [{ name: "object", nameType: "primary" }],
    metadata: { media: [{ url: "http://x/a.png" }], linkTemplates: [{ linkName: "comment" }] },
  });
  t.is(dump.concepts[0]?.media[0]?.isPrimary, false);
  t.deepEqual(dump.concepts[0]?.linkTemplates, [
    { linkName: "comment", toConcept: "self", linkValue: "nil" },
  ]);
});

test("names the path of a malformed field", (t) => {
  t.throws(() => parseKbDump({ names: [{ nameType: "primary" }] }), {
    message: "$.names[0].name: expected a non-empty string",
  });
  t.throws(() => parseKbDump({ names: [], children: [{ names: [], metadata: { medias: [{}] } }] }), {
    message: "$.children[0].metadata.medias[0].url: expected a non-empty string",
  });
  t.throws(() => parseKbDump([]), { message: "$: expected an object" });
});

test("the real dump has the documented counts, depth and root", async (t) => {
  const dump = await readKbDump(DEFAULT_KB_DUMP);
  t.deepEqual(dump.counts, {
    concepts: 4092,
    names: 5209,
    media: 2677,
    linkTemplates: 790,
    linkRealizations: 5409,
  });
  t.is(Math.max(...dump.concepts.map((concept) => concept.depth)), 17);
  t.deepEqual(
    dump.concepts[0]?.names.map((name) => name.name),
    ["object", "root"],
  );
  t.is(new Set(dump.concepts.flatMap((c) => c.names.map((n) => n.name))).size, 5209);
});

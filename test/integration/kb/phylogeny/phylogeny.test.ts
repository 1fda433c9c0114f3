import test from "ava";
import type { DumpConcept, KbDump } from "../../../../tools/m3/kb-import/kb-dump.js";
import { DEFAULT_KB_DUMP, importKbDump, readKbDump } from "../../../../tools/m3/kb-import/kb-import.js";
import {
  BACKENDS,
  closeKbDatabases,
  depthOf,
  flatten,
  openKbAt,
  openKbDatabase,
  type PhylogenyReplica,
  replicaOn,
} from "../../../support/kb/phylogeny-stack.js";
import { ADMIN } from "../../../support/kb/tree-fakes.js";

test.after.always(closeKbDatabases);

const primaryOf = (concept: DumpConcept) =>
  (concept.names.find((n) => n.nameType.toLowerCase() === "primary") ?? concept.names[0])?.name ?? "";
let dump: KbDump;
let deepest: DumpConcept;
let deepLeaf: string;

test.before(async () => {
  dump = await readKbDump(DEFAULT_KB_DUMP);
  deepest = dump.concepts.reduce((a, b) => (b.depth > a.depth ? b : a));
  deepLeaf = primaryOf(deepest);
});

/** Two replicas (separate storages and caches) on one database holding the real kb. */
async function twoReplicas(
  backend: (typeof BACKENDS)[number],
): Promise<[PhylogenyReplica, PhylogenyReplica]> {
  const { url, storage } = await openKbDatabase(backend);
  await importKbDump({ storage });
  return [replicaOn(storage), replicaOn(await openKbAt(url))];
}

for (const backend of BACKENDS) {
  test(`${backend}: down from object holds all 4,092 concepts of the real tree, 17 levels deep`, async (t) => {
    const [{ phylogeny }] = await twoReplicas(backend);
    const down = await phylogeny.down("object");
    t.is(flatten(down).length, 4092);
    t.is(depthOf(down), 17);
    t.deepEqual(down.alternativeNames, ["root"]);
    t.deepEqual(
      down.children.map((child) => child.name),
      ["behavior", "data file", "ocean zone", "physical object"],
    );
    t.is((await phylogeny.down("root")).name, "object");
  });

  test(`${backend}: up and basic of the deepest leaf run from the root through every ancestor`, async (t) => {
    const [{ phylogeny }] = await twoReplicas(backend);
    const expected: string[] = [];
    for (
      let c: DumpConcept | undefined = deepest;
      c;
      c = c.parentIndex === undefined ? undefined : dump.concepts[c.parentIndex]
    ) {
      expected.unshift(primaryOf(c));
    }
    const basic = await phylogeny.basic(deepLeaf);
    t.is(basic.length, 17);
    t.deepEqual(
      basic.map((node) => node.name),
      expected,
    );
    t.true(basic.every((node) => node.children.length === 0));
    const up = await phylogeny.up(deepLeaf);
    t.deepEqual(
      flatten(up).map((node) => node.name),
      expected,
    );
    t.true(flatten(up).every((node) => node.children.length <= 1));
  });

  test(`${backend}: taxa are sorted by name and siblings include the concept`, async (t) => {
    const [{ phylogeny }] = await twoReplicas(backend);
    const taxa = await phylogeny.taxa("object");
    t.is(taxa.length, 4092);
    const names = taxa.map((node) => node.name);
    t.deepEqual(names, [...names].sort());
    t.deepEqual(
      (await phylogeny.siblings("behavior")).map((node) => node.name),
      ["behavior", "data file", "ocean zone", "physical object"],
    );
    t.deepEqual(await phylogeny.siblings("object"), []);
    await t.throwsAsync(phylogeny.taxa("no such concept"), { message: "Not found" });
  });

  test(`${backend}: a deletion and a rename are seen on the next request, by both replicas`, async (t) => {
    const [first, second] = await twoReplicas(backend);
    t.is((await first.phylogeny.basic(deepLeaf)).length, 17);
    t.is((await second.phylogeny.basic(deepLeaf)).length, 17);
    const parent = (await first.phylogeny.basic(deepLeaf)).at(-2)?.name ?? "";

    await first.tree.writes.delete(deepLeaf, ADMIN);
    for (const replica of [first, second]) {
      await t.throwsAsync(replica.phylogeny.up(deepLeaf), { message: "Not found" });
      t.is(flatten(await replica.phylogeny.down("object")).length, 4091);
    }

    await second.tree.names.update(parent, { newName: `${parent} renamed` }, ADMIN);
    for (const replica of [first, second]) {
      await t.throwsAsync(replica.phylogeny.down(parent), { message: "Not found" });
      t.is((await replica.phylogeny.basic(`${parent} renamed`)).length, 16);
    }
  });
}

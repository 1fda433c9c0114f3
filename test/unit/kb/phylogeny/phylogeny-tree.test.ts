import test from "ava";
import type { TreeRow } from "../../../../services/kb/phylogeny/phylogeny.repository.js";
import { PhylogenyTree, rankOf } from "../../../../services/kb/phylogeny/phylogeny-tree.js";

function row(conceptId: number, parentId: number | undefined, name: string, nameType = "primary"): TreeRow {
  return { conceptId, parentId, rankLevel: undefined, rankName: undefined, name, nameType };
}

/** object(root) > animal(Animalia, kingdom) > fish(Pisces) > {shark, eel}; object > rock. */
function smallTree(): PhylogenyTree {
  return PhylogenyTree.fromRows([
    row(1, undefined, "object", "Primary"),
    row(1, undefined, "root", "Synonym"),
    { ...row(2, 1, "animal"), rankName: "kingdom" },
    row(2, 1, "Animalia", "common"),
    { ...row(3, 2, "fish"), rankLevel: "super", rankName: "class" },
    row(4, 3, "shark"),
    row(5, 3, "eel"),
    row(6, 1, "rock"),
  ]);
}

test("down returns the concept with its whole subtree, children sorted by name", (t) => {
  const down = smallTree().down("root");
  t.deepEqual(down, {
    name: "object",
    rank: undefined,
    alternativeNames: ["root"],
    children: [
      {
        name: "animal",
        rank: "kingdom",
        alternativeNames: ["Animalia"],
        children: [
          {
            name: "fish",
            rank: "superclass",
            alternativeNames: [],
            children: [
              { name: "eel", rank: undefined, alternativeNames: [], children: [] },
              { name: "shark", rank: undefined, alternativeNames: [], children: [] },
            ],
          },
        ],
      },
      { name: "rock", rank: undefined, alternativeNames: [], children: [] },
    ],
  });
});

test("up returns the branch from the root with one child per level and the concept last", (t) => {
  const up = smallTree().up("shark");
  t.is(up?.name, "object");
  t.deepEqual(
    up?.children.map((c) => c.name),
    ["animal"],
  );
  t.deepEqual(
    up?.children[0]?.children.map((c) => c.name),
    ["fish"],
  );
  t.deepEqual(up?.children[0]?.children[0]?.children, [
    { name: "shark", rank: undefined, alternativeNames: [], children: [] },
  ]);
});

test("up does not change the cached subtree of the nodes on the path", (t) => {
  const tree = smallTree();
  tree.up("shark");
  t.is(tree.down("fish")?.children.length, 2);
});

test("basic lists the path root first without children", (t) => {
  const basic = smallTree().basic("Animalia");
  t.deepEqual(
    basic?.map((node) => [node.name, node.children.length]),
    [
      ["object", 0],
      ["animal", 0],
    ],
  );
});

test("taxa lists the concept and every descendant sorted by name, without children", (t) => {
  t.deepEqual(
    smallTree()
      .taxa("animal")
      ?.map((node) => [node.name, node.children.length]),
    [
      ["animal", 0],
      ["eel", 0],
      ["fish", 0],
      ["shark", 0],
    ],
  );
});

test("siblings lists the parent's children including the concept, and [] for the root", (t) => {
  const tree = smallTree();
  t.deepEqual(
    tree.siblings("eel").map((node) => node.name),
    ["eel", "shark"],
  );
  t.deepEqual(tree.siblings("object"), []);
  t.deepEqual(tree.siblings("root"), []);
  t.deepEqual(tree.siblings("nothing"), []);
});

test("every name finds its concept, case-sensitively", (t) => {
  const tree = smallTree();
  t.is(tree.down("Animalia")?.name, "animal");
  t.is(tree.down("animalia"), undefined);
  t.is(tree.up("nothing"), undefined);
  t.is(tree.basic("nothing"), undefined);
  t.is(tree.taxa("nothing"), undefined);
});

test("a concept without a primary name shows its first name; a nameless one shows an empty name", (t) => {
  const tree = PhylogenyTree.fromRows([
    row(1, undefined, "object"),
    row(2, 1, "first", "synonym"),
    row(2, 1, "second", "common"),
    {
      conceptId: 3,
      parentId: 1,
      rankLevel: undefined,
      rankName: "species",
      name: undefined,
      nameType: undefined,
    },
  ]);
  t.deepEqual(
    tree.down("object")?.children.map((child) => [child.name, child.alternativeNames, child.rank]),
    [
      ["", [], "species"],
      ["first", ["second"], undefined],
    ],
  );
  t.is(tree.size, 3);
});

test("concepts on a parent cycle are left out instead of hanging the build", (t) => {
  const tree = PhylogenyTree.fromRows([row(1, undefined, "object"), row(2, 3, "a"), row(3, 2, "b")]);
  t.is(tree.size, 1);
  t.is(tree.down("a"), undefined);
});

test("a rank shows only with a rank name, prefixed by the level", (t) => {
  t.is(rankOf("sub", "genus"), "subgenus");
  t.is(rankOf(undefined, "genus"), "genus");
  t.is(rankOf("sub", undefined), undefined);
  t.is(rankOf(undefined, undefined), undefined);
});

import test from "ava";
import { toConceptMetadata } from "../../../../services/kb/tree/handlers/tree.mapper.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import { BACKENDS, closeKbStorages, rejectsWith } from "../../../support/kb/people-storage.js";
import { ADMIN } from "../../../support/kb/tree-fakes.js";
import { openTreeStack, plantTree } from "../../../support/kb/tree-stack.js";

test.after.always(closeKbStorages);

const TREE = { object: { Zeta: { "z/1": {} }, alpha: { a_1: {}, "a%2": {} }, Mid: {} } };

for (const backend of BACKENDS) {
  test(`${backend}: a concept is found by any of its names, exactly and case-sensitively`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), TREE);
    await stack.names.create({ name: "object", newName: "root", nameType: "synonym" }, ADMIN);
    const byAlias = await stack.queries.get("root");
    t.is(byAlias.primaryName, "object");
    t.deepEqual(toConceptMetadata(byAlias).alternateNames, ["root"]);
    t.is((await stack.queries.get("z/1")).primaryName, "z/1");
    await rejectsWith(t, stack.queries.get("ROOT"), "NOT_FOUND", /^Concept name `ROOT` was not found$/);
  });

  test(`${backend}: children are sorted by primary name and a leaf has none`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), TREE);
    const children = await stack.queries.children("object");
    t.deepEqual(
      children.map((view) => view.primaryName),
      ["Mid", "Zeta", "alpha"],
    );
    t.deepEqual(await stack.queries.children("Mid"), []);
    await rejectsWith(t, stack.queries.children("nope"), "NOT_FOUND");
  });

  test(`${backend}: the parent of a concept is returned and the root has none`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), TREE);
    t.is((await stack.queries.parent("a_1")).primaryName, "alpha");
    await rejectsWith(t, stack.queries.parent("object"), "NOT_FOUND", /Parent concept for `object`/);
  });

  test(`${backend}: the root is the concept without a parent, missing in an empty kb`, async (t) => {
    const stack = await openTreeStack(backend);
    await rejectsWith(t, stack.queries.root(), "NOT_FOUND", /Root concept is missing/);
    await plantTree(stack, TREE);
    t.is((await stack.queries.root()).primaryName, "object");
  });

  test(`${backend}: find matches a substring of any name ignoring case, LIKE wildcards literally`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), TREE);
    await stack.names.create({ name: "Mid", newName: "middle-alias", nameType: "common" }, ADMIN);
    t.deepEqual(
      (await stack.queries.find("ALPHA")).map((view) => view.primaryName),
      ["alpha"],
    );
    t.deepEqual(
      (await stack.queries.find("a_")).map((view) => view.primaryName),
      ["a_1"],
    );
    t.deepEqual(
      (await stack.queries.find("%")).map((view) => view.primaryName),
      ["a%2"],
    );
    t.deepEqual(
      (await stack.queries.find("DLE-AL")).map((view) => view.primaryName),
      ["Mid"],
    );
    t.deepEqual(
      (await stack.queries.find("e")).map((view) => view.primaryName),
      ["Mid", "Zeta", "object"],
    );
    t.deepEqual(await stack.queries.find("no such thing"), []);
  });

  test(`${backend}: all names are listed sorted, alternates included`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { b: {}, a: {} } });
    await stack.names.create({ name: "a", newName: "A-common", nameType: "common" }, ADMIN);
    t.deepEqual(await stack.queries.listAllNames(), ["A-common", "a", "b", "object"]);
    const page = await stack.names.list(2, 1);
    t.deepEqual(page, { names: ["a", "b"], limit: 2, offset: 1 });
    t.deepEqual((await stack.names.list(undefined, undefined)).limit, 10_000);
  });

  test(`${backend}: views carry the attachments of each concept, read once for a whole list`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), TREE);
    const alpha = await stack.queries.get("alpha");
    const now = Instant.parse("2024-05-01T12:00:00Z") as Instant;
    stack.attachments.byConcept.set(alpha.concept.id, {
      media: [
        {
          id: 7,
          conceptId: alpha.concept.id,
          url: "http://x.org/a b.jpg",
          caption: "c",
          credit: undefined,
          mediaType: "Image",
          isPrimary: true,
          lastUpdated: now,
        },
      ],
      linkRealizations: [
        {
          id: 3,
          conceptId: alpha.concept.id,
          linkName: "eats",
          toConcept: "Mid",
          linkValue: "nil",
          lastUpdated: now,
        },
      ],
      linkTemplates: [],
      references: [{ id: 4, citation: "Book", doi: undefined, lastUpdated: now }],
    });
    // As every attachment write does, so the views cached since are read again.
    await stack.storage.transaction((manager) => stack.directory.markTreeChanged(manager));
    stack.attachments.reads = 0;
    const children = await stack.queries.children("object");
    t.is(stack.attachments.reads, 1);
    const metadata = toConceptMetadata(children.find((view) => view.primaryName === "alpha") ?? alpha);
    t.like(metadata.media[0], {
      url: "http://x.org/a%20b.jpg",
      mimeType: "image/jpeg",
      conceptName: "alpha",
    });
    t.like(metadata.linkRealizations[0], { linkName: "eats", toConcept: "Mid", linkValue: "nil", id: 3 });
    t.like(metadata.references[0], { citation: "Book", concepts: ["alpha"] });
  });
}

import test from "ava";
import { toConceptMetadata } from "../../../../services/kb/tree/handlers/tree.mapper.js";
import { BACKENDS, closeKbStorages, rejectsWith } from "../../../support/kb/people-storage.js";
import { ADMIN, MAINT } from "../../../support/kb/tree-fakes.js";
import { openTreeStack, plantTree, treeVersion } from "../../../support/kb/tree-stack.js";

test.after.always(closeKbStorages);

for (const backend of BACKENDS) {
  test(`${backend}: one root only, created without history; children record ADD Concept.child on the parent`, async (t) => {
    const stack = await openTreeStack(backend);
    const root = await stack.writes.create({ name: "object", author: "me" }, MAINT);
    t.like(toConceptMetadata(root), { name: "object", author: "me", rank: undefined });
    t.is(stack.history.records.length, 0);
    await rejectsWith(
      t,
      stack.writes.create({ name: "other" }, ADMIN),
      "ALREADY_EXISTS",
      /Root concept already exists/,
    );
    const child = await stack.writes.create(
      { name: "fish", parentName: "object", rankLevel: "super", rankName: "class", aphiaId: 54321 },
      MAINT,
    );
    t.like(toConceptMetadata(child), {
      rank: "superclass",
      rankLevel: "super",
      rankName: "class",
      aphiaId: 54321,
    });
    t.like(stack.history.last(), {
      conceptId: root.concept.id,
      action: "ADD",
      field: "Concept.child",
      newValue: "fish",
      approved: false,
    });
    await stack.writes.create({ name: "shark", parentName: "fish" }, ADMIN);
    t.true(stack.history.last().approved);
  });

  test(`${backend}: create rejects duplicates, unknown parents, bad ranks and taken AphiaIDs`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: {} });
    await rejectsWith(
      t,
      stack.writes.create({ name: "object", parentName: "object" }, ADMIN),
      "ALREADY_EXISTS",
    );
    await rejectsWith(t, stack.writes.create({ name: "x", parentName: "nope" }, ADMIN), "NOT_FOUND");
    await rejectsWith(
      t,
      stack.writes.create({ name: "x", parentName: "object", rankName: "foo" }, ADMIN),
      "INVALID_ARGUMENT",
      /Invalid rank/,
    );
    await rejectsWith(t, stack.writes.create({ name: " ", parentName: "object" }, ADMIN), "INVALID_ARGUMENT");
    await stack.writes.create({ name: "a", parentName: "object", aphiaId: 1 }, ADMIN);
    await rejectsWith(
      t,
      stack.writes.create({ name: "b", parentName: "object", aphiaId: 1 }, ADMIN),
      "ALREADY_EXISTS",
      /AphiaId 1 already exists for a/,
    );
    t.deepEqual(await stack.queries.listAllNames(), ["a", "object"]);
  });

  test(`${backend}: a move records REPLACE Concept.parent; cycles and moving the root are refused`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), {
      object: { a: { a1: { a11: {} } }, b: {} },
    });
    const before = await treeVersion(stack);
    await stack.writes.update("a1", { parentName: "b" }, MAINT);
    t.is((await stack.queries.parent("a1")).primaryName, "b");
    t.like(stack.history.last(), {
      action: "REPLACE",
      field: "Concept.parent",
      oldValue: "a",
      newValue: "b",
    });
    t.true((await treeVersion(stack)) > before);
    const count = stack.history.records.length;
    await stack.writes.update("a1", { parentName: "b" }, MAINT);
    t.is(stack.history.records.length, count);
    await rejectsWith(
      t,
      stack.writes.update("a1", { parentName: "a11" }, ADMIN),
      "FAILED_PRECONDITION",
      /cycle/,
    );
    await rejectsWith(t, stack.writes.update("a1", { parentName: "a1" }, ADMIN), "FAILED_PRECONDITION");
    await rejectsWith(t, stack.writes.update("object", { parentName: "b" }, ADMIN), "FAILED_PRECONDITION");
    await rejectsWith(t, stack.writes.update("a1", { parentName: "nope" }, ADMIN), "NOT_FOUND");
    await rejectsWith(t, stack.writes.update("nope", { parentName: "a" }, ADMIN), "NOT_FOUND");
  });

  test(`${backend}: a rank change records REPLACE Rank; clearing it needs an admin`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    const updated = await stack.writes.update(
      "a",
      { rankLevel: "sub", rankName: "genus", aphiaId: 1234 },
      MAINT,
    );
    t.like(toConceptMetadata(updated), { rank: "subgenus", aphiaId: 1234 });
    t.like(stack.history.last(), { field: "Rank", action: "REPLACE", oldValue: "", newValue: "sub genus" });
    const count = stack.history.records.length;
    await stack.writes.update("a", { aphiaId: 99 }, MAINT);
    t.is(stack.history.records.length, count);
    await rejectsWith(t, stack.writes.update("a", { rankLevel: "" }, MAINT), "PERMISSION_DENIED");
    await rejectsWith(t, stack.writes.update("a", { rankName: "bogus" }, ADMIN), "INVALID_ARGUMENT");
    const cleared = await stack.writes.update("a", { rankLevel: "", rankName: "" }, ADMIN);
    t.like(toConceptMetadata(cleared), { rank: undefined, rankLevel: undefined, rankName: undefined });
    t.like(stack.history.last(), { oldValue: "sub genus", newValue: "" });
  });

  test(`${backend}: an admin deletes a branch now (even 17 levels deep); a maint's delete waits`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { keep: {} } });
    let parent = "object";
    for (let level = 1; level <= 17; level++) {
      await stack.writes.create({ name: `level-${level}`, parentName: parent }, ADMIN);
      parent = `level-${level}`;
    }
    await stack.writes.delete("level-1", MAINT);
    t.like(stack.history.last(), {
      action: "DELETE",
      field: "Concept.child",
      oldValue: "level-1",
      approved: false,
    });
    t.is((await stack.queries.get("level-17")).primaryName, "level-17");
    const before = await treeVersion(stack);
    await stack.writes.delete("level-1", ADMIN);
    t.true(stack.history.last().approved);
    await rejectsWith(t, stack.queries.get("level-17"), "NOT_FOUND");
    t.deepEqual(await stack.queries.listAllNames(), ["keep", "object"]);
    t.true((await treeVersion(stack)) > before);
    await rejectsWith(t, stack.writes.delete("object", MAINT), "PERMISSION_DENIED");
    await stack.writes.delete("object", ADMIN);
    t.deepEqual(await stack.queries.listAllNames(), []);
  });
}

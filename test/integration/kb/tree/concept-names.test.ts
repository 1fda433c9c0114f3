import test from "ava";
import { toRawConcept } from "../../../../services/kb/tree/handlers/tree.mapper.js";
import { BACKENDS, closeKbStorages, rejectsWith } from "../../../support/kb/people-storage.js";
import { ADMIN, MAINT } from "../../../support/kb/tree-fakes.js";
import { openTreeStack, plantTree, treeVersion } from "../../../support/kb/tree-stack.js";

test.after.always(closeKbStorages);

const typesOf = async (stack: Awaited<ReturnType<typeof openTreeStack>>, name: string) =>
  toRawConcept(await stack.names.get(name)).names.map((n) => `${n.name}:${n.nameType}`);

for (const backend of BACKENDS) {
  test(`${backend}: a new primary name makes the old primary former and records it`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    const raw = toRawConcept(
      await stack.names.create({ name: "a", newName: "A2", nameType: "Primary" }, MAINT),
    );
    t.deepEqual(
      raw.names.map((n) => `${n.name}:${n.nameType}`),
      ["A2:primary", "a:former"],
    );
    t.deepEqual(raw.children, []);
    t.like(stack.history.last(), { action: "ADD", field: "ConceptName", oldValue: "a", newValue: "A2" });
    await stack.names.create({ name: "A2", newName: "ay", nameType: "synonym", author: "Linnaeus" }, ADMIN);
    t.like(stack.history.last(), { oldValue: undefined, newValue: "ay", approved: true });
    t.is((await stack.queries.get("ay")).primaryName, "A2");
  });

  test(`${backend}: adding a name checks the concept, the new name and its type`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await rejectsWith(
      t,
      stack.names.create({ name: "nope", newName: "x", nameType: "common" }, ADMIN),
      "NOT_FOUND",
    );
    await rejectsWith(
      t,
      stack.names.create({ name: "a", newName: "object", nameType: "common" }, ADMIN),
      "ALREADY_EXISTS",
      /Concept name `object` already exists/,
    );
    await rejectsWith(
      t,
      stack.names.create({ name: "a", newName: "x", nameType: "nick" }, ADMIN),
      "INVALID_ARGUMENT",
    );
  });

  test(`${backend}: a name is renamed with REPLACE ConceptName; "" author is kept as ""`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.names.create({ name: "a", newName: "alias", nameType: "common", author: "x" }, ADMIN);
    const before = await treeVersion(stack);
    const raw = toRawConcept(await stack.names.update("a", { newName: "b", author: "" }, MAINT));
    t.deepEqual(
      raw.names.map((n) => [n.name, n.author]),
      [
        ["alias", "x"],
        ["b", ""],
      ],
    );
    t.like(stack.history.last(), { action: "REPLACE", field: "ConceptName", oldValue: "a", newValue: "b" });
    t.true((await treeVersion(stack)) > before);
    await rejectsWith(t, stack.names.update("b", { nameType: "common" }, ADMIN), "FAILED_PRECONDITION");
    await rejectsWith(t, stack.names.update("b", { newName: "object" }, ADMIN), "ALREADY_EXISTS");
    await rejectsWith(t, stack.names.update("zzz", { author: "y" }, ADMIN), "NOT_FOUND");
    await stack.names.update("alias", { nameType: "PRIMARY" }, ADMIN);
    t.deepEqual(await typesOf(stack, "b"), ["alias:primary", "b:former"]);
  });

  test(`${backend}: a primary name cannot be deleted; a maint's delete waits, an admin's is done now`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.names.create({ name: "a", newName: "alias", nameType: "synonym" }, ADMIN);
    await rejectsWith(
      t,
      stack.names.delete("a", ADMIN),
      "FAILED_PRECONDITION",
      /Cannot delete a primary name/,
    );
    await stack.names.delete("alias", MAINT);
    t.like(stack.history.last(), {
      action: "DELETE",
      field: "ConceptName",
      oldValue: "alias",
      approved: false,
    });
    t.deepEqual(await typesOf(stack, "a"), ["a:primary", "alias:synonym"]);
    const raw = toRawConcept(await stack.names.delete("alias", ADMIN));
    t.deepEqual(
      raw.names.map((n) => n.name),
      ["a"],
    );
    await rejectsWith(t, stack.names.delete("alias", ADMIN), "NOT_FOUND");
  });
}

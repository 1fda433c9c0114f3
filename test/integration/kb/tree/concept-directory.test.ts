import test from "ava";
import { BACKENDS, closeKbStorages, rejectsWith } from "../../../support/kb/people-storage.js";
import { ADMIN } from "../../../support/kb/tree-fakes.js";
import { openTreeStack, plantTree, treeVersion } from "../../../support/kb/tree-stack.js";

test.after.always(closeKbStorages);

for (const backend of BACKENDS) {
  test(`${backend}: the directory finds concepts by any name and gives primary names and lineage`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), {
      object: { a: { a1: { a11: {} } }, b: {} },
    });
    await stack.names.create({ name: "a1", newName: "alias", nameType: "synonym" }, ADMIN);
    const { directory } = stack;
    const found = await stack.storage.read((manager) => directory.findByAnyName(manager, "alias"));
    const a = await stack.storage.read((manager) => directory.requireByAnyName(manager, "a"));
    t.like(found, { primaryName: "a1", parentId: a.id });
    t.is(await stack.storage.read((manager) => directory.findByAnyName(manager, "ALIAS")), undefined);
    await rejectsWith(
      t,
      stack.storage.read((manager) => directory.requireByAnyName(manager, "nope")),
      "NOT_FOUND",
      /^Concept name `nope` was not found$/,
    );
    const a11 = await stack.storage.read((manager) => directory.requireByAnyName(manager, "a11"));
    const lineage = await stack.storage.read((manager) => directory.lineage(manager, a11.id));
    t.deepEqual(
      lineage.map((ref) => ref.primaryName),
      ["object", "a", "a1", "a11"],
    );
    t.is(lineage[0]?.parentId, undefined);
    const primary = await stack.storage.read((manager) =>
      directory.primaryNames(manager, [a.id, a11.id, 9999]),
    );
    t.deepEqual(
      [...primary.entries()].sort(),
      [
        [a.id, "a"],
        [a11.id, "a11"],
      ].sort(),
    );
  });

  test(`${backend}: markTreeChanged bumps the tree version inside the caller's transaction`, async (t) => {
    const stack = await openTreeStack(backend);
    const before = await treeVersion(stack);
    await stack.storage.transaction((manager) => stack.directory.markTreeChanged(manager));
    t.is(await treeVersion(stack), before + 1);
    await t.throwsAsync(
      stack.storage.transaction(async (manager) => {
        await stack.directory.markTreeChanged(manager);
        throw new Error("rolled back");
      }),
    );
    t.is(await treeVersion(stack), before + 1);
  });
}

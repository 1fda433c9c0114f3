import test from "ava";
import type { HistoryActionHandler, HistoryRecord } from "../../../../services/kb/contracts/history.js";
import { treeHistoryHandlers } from "../../../../services/kb/tree/services/tree-history.actions.js";
import { BACKENDS, closeKbStorages, rejectsWith } from "../../../support/kb/people-storage.js";
import { ADMIN, MAINT } from "../../../support/kb/tree-fakes.js";
import { openTreeStack, plantTree, type TreeStack } from "../../../support/kb/tree-stack.js";

test.after.always(closeKbStorages);

/** Approves or rejects the last history record, as the history part does in its transaction. */
async function process(stack: TreeStack, verdict: "approve" | "reject"): Promise<void> {
  const record: HistoryRecord = stack.history.last();
  const handler = treeHistoryHandlers(stack.directory).find(
    (h: HistoryActionHandler) => h.field === record.field,
  );
  if (!handler) throw new Error(`no handler for ${record.field}`);
  await stack.storage.transaction((manager) => handler[verdict](manager, record));
}

const names = (stack: TreeStack) => stack.queries.listAllNames();

for (const backend of BACKENDS) {
  test(`${backend}: ADD Concept.child: approve keeps the child, reject deletes its branch`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: {} });
    await stack.writes.create({ name: "a", parentName: "object" }, MAINT);
    await process(stack, "approve");
    t.deepEqual(await names(stack), ["a", "object"]);
    await stack.writes.create({ name: "b", parentName: "a" }, MAINT);
    await stack.writes.create({ name: "c", parentName: "b" }, ADMIN);
    stack.history.records.splice(-1);
    await process(stack, "reject");
    t.deepEqual(await names(stack), ["a", "object"]);
  });

  test(`${backend}: DELETE Concept.child: approve deletes the branch, reject leaves it`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: { a1: {} }, b: {} } });
    await stack.writes.delete("b", MAINT);
    await process(stack, "reject");
    await stack.writes.delete("a", MAINT);
    t.deepEqual(await names(stack), ["a", "a1", "b", "object"]);
    await process(stack, "approve");
    t.deepEqual(await names(stack), ["b", "object"]);
  });

  test(`${backend}: REPLACE Concept.parent: reject moves the concept back`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: { a1: {} }, b: {} } });
    await stack.writes.update("a1", { parentName: "b" }, MAINT);
    await process(stack, "approve");
    t.is((await stack.queries.parent("a1")).primaryName, "b");
    await stack.writes.update("a1", { parentName: "object" }, MAINT);
    await process(stack, "reject");
    t.is((await stack.queries.parent("a1")).primaryName, "b");
  });

  test(`${backend}: REPLACE Rank: reject restores the old rank, a rank name with a space included`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.writes.update("a", { rankName: "species complex" }, ADMIN);
    await stack.writes.update("a", { rankLevel: "sub", rankName: "genus" }, MAINT);
    await process(stack, "reject");
    t.like((await stack.queries.get("a")).concept, { rankLevel: null, rankName: "species complex" });
    await stack.writes.update("a", { rankLevel: "sub", rankName: "genus" }, ADMIN);
    await stack.writes.update("a", { rankName: "species" }, MAINT);
    await process(stack, "reject");
    t.like((await stack.queries.get("a")).concept, { rankLevel: "sub", rankName: "genus" });
  });

  test(`${backend}: ADD ConceptName: reject removes the name and restores the old primary`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.names.create({ name: "a", newName: "syn", nameType: "synonym" }, MAINT);
    await process(stack, "reject");
    t.deepEqual(await names(stack), ["a", "object"]);
    await stack.names.create({ name: "a", newName: "A-new", nameType: "primary" }, MAINT);
    await process(stack, "reject");
    t.is((await stack.queries.get("a")).primaryName, "a");
    t.deepEqual(await names(stack), ["a", "object"]);
    await stack.names.create({ name: "a", newName: "A-new", nameType: "primary" }, MAINT);
    await process(stack, "approve");
    t.is((await stack.queries.get("a")).primaryName, "A-new");
  });

  test(`${backend}: DELETE ConceptName: approve removes it, reject keeps it`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.names.create({ name: "a", newName: "syn", nameType: "synonym" }, ADMIN);
    await stack.names.delete("syn", MAINT);
    await process(stack, "reject");
    t.deepEqual(await names(stack), ["a", "object", "syn"]);
    await process(stack, "approve");
    t.deepEqual(await names(stack), ["a", "object"]);
  });

  test(`${backend}: REPLACE ConceptName: reject renames it back; unknown actions cannot be processed`, async (t) => {
    const stack = await plantTree(await openTreeStack(backend), { object: { a: {} } });
    await stack.names.update("a", { newName: "b" }, MAINT);
    await process(stack, "reject");
    t.deepEqual(await names(stack), ["a", "object"]);
    stack.history.records.push({ ...stack.history.last(), action: "DELETE", field: "Rank" });
    await rejectsWith(t, process(stack, "approve"), "FAILED_PRECONDITION", /Unable to process history/);
  });
}

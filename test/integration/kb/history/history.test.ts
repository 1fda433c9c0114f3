import test from "ava";
import type { HistoryEntry } from "../../../../services/kb/contracts/history.js";
import type { Principal } from "../../../../services/kb/contracts/principal.js";
import { createHistoryRecorder, historySchema } from "../../../../services/kb/history/history-part.js";
import { HistoryService } from "../../../../services/kb/history/services/history.service.js";
import { historyPageQuery } from "../../../../services/kb/history/services/history-query.rules.js";
import {
  FakeConceptDirectory,
  fakeTreeSchema,
  type HandledCall,
  recordingHandler,
} from "../../../support/kb/history-fakes.js";
import { BACKENDS, closeKbStorages, openKbStorage, rejectsWith } from "../../../support/kb/people-storage.js";

test.after.always(closeKbStorages);

const ADMIN: Principal = { username: "boss", role: "Admin", isAdmin: true };
const MAINT: Principal = { username: "maint", role: "Maint", isAdmin: false };

async function openHistory(backend: (typeof BACKENDS)[number], failOn?: "approve" | "reject") {
  const storage = await openKbStorage(backend, [fakeTreeSchema, historySchema]);
  const directory = new FakeConceptDirectory();
  const calls: HandledCall[] = [];
  const handlers = [recordingHandler("ConceptName", calls, failOn), recordingHandler("Media", calls)];
  const histories = new HistoryService(storage, directory, handlers);
  const recorder = createHistoryRecorder();
  const record = (entry: Partial<HistoryEntry> & { conceptId: number }) =>
    storage.transaction((manager) =>
      recorder.record(manager, {
        action: "ADD",
        field: "ConceptName",
        principal: MAINT,
        approveNow: false,
        ...entry,
      }),
    );
  const concept = (primary: string, ...others: string[]) =>
    storage.transaction((manager) => directory.add(manager, primary, ...others));
  return { storage, directory, calls, histories, record, concept };
}

for (const backend of BACKENDS) {
  test(`${backend}: recorded changes are pending unless approved at creation, and read back by id`, async (t) => {
    const { histories, record, concept } = await openHistory(backend);
    const fish = await concept("Fish", "fishes");
    const pending = await record({ conceptId: fish.id, newValue: "fishes", oldValue: undefined });
    const approved = await record({
      conceptId: fish.id,
      action: "REPLACE",
      field: "Rank",
      principal: ADMIN,
      approveNow: true,
    });
    t.deepEqual(pending, {
      id: pending.id,
      conceptId: fish.id,
      action: "ADD",
      field: "ConceptName",
      oldValue: undefined,
      newValue: "fishes",
    });
    const read = await histories.get(pending.id);
    t.like(read.record, {
      creatorName: "maint",
      approved: null,
      processedTime: null,
      processorName: null,
      oldValue: null,
      newValue: "fishes",
    });
    t.is(read.concept, "Fish");
    const auto = await histories.get(approved.id);
    t.like(auto.record, { creatorName: "boss", approved: true, processorName: "boss" });
    t.true(auto.record.processedTime?.equals(auto.record.creationTime));
    t.is(await histories.countPending(), 1);
    t.is(await histories.countApproved(), 1);
    await rejectsWith(t, histories.get(999_999), "NOT_FOUND", /^History with id 999999 does not exist$/);
  });

  test(`${backend}: pending and approved pages sort by a whitelisted field, text case-insensitively`, async (t) => {
    const { histories, record, concept } = await openHistory(backend);
    const fish = await concept("Fish");
    for (const name of ["bravo", "Alpha", "charlie", "Delta"]) {
      await record({
        conceptId: fish.id,
        principal: { ...MAINT, username: name },
        oldValue: name.toUpperCase(),
      });
      await record({ conceptId: fish.id, principal: { ...ADMIN, username: name }, approveNow: true });
    }
    const creators = async (
      sort: string,
      list: "pending" | "approved" = "pending",
      limit?: number,
      offset?: number,
    ) => {
      const page = historyPageQuery({ sort, limit, offset });
      const found =
        list === "pending" ? await histories.listPending(page) : await histories.listApproved(page);
      return found.map((named) => named.record.creatorName);
    };
    t.deepEqual(await creators("creatorName"), ["Alpha", "bravo", "charlie", "Delta"]);
    t.deepEqual(await creators("creatorName,desc"), ["Delta", "charlie", "bravo", "Alpha"]);
    t.deepEqual(await creators("oldValue,asc"), ["Alpha", "bravo", "charlie", "Delta"]);
    t.deepEqual(await creators("creatorName,asc", "approved", 2, 1), ["bravo", "charlie"]);
    t.deepEqual(await creators(""), ["bravo", "Alpha", "charlie", "Delta"]);
    const pending = await histories.listPending(historyPageQuery({}));
    t.true(pending.every((named) => named.concept === "Fish" && named.record.processedTime === null));
  });

  test(`${backend}: a concept's records are found by any of its names, oldest first; unknown names give none`, async (t) => {
    const { histories, record, concept } = await openHistory(backend);
    const fish = await concept("Fish", "fishes", "pisces");
    const squid = await concept("Squid");
    const first = await record({ conceptId: fish.id });
    await record({ conceptId: squid.id });
    const second = await record({ conceptId: fish.id, approveNow: true, principal: ADMIN });
    const found = await histories.listByConceptName("pisces");
    t.deepEqual(
      found.map((named) => [named.record.id, named.concept]),
      [
        [first.id, "Fish"],
        [second.id, "Fish"],
      ],
    );
    t.deepEqual(await histories.listByConceptName("nothing"), []);
  });

  test(`${backend}: approve and reject run the field's handler and mark the record once`, async (t) => {
    const { histories, record, concept, calls } = await openHistory(backend);
    const fish = await concept("Fish");
    const toApprove = await record({ conceptId: fish.id, newValue: "a" });
    const toReject = await record({ conceptId: fish.id, field: "Media", action: "DELETE", oldValue: "m" });
    const approved = await histories.process(toApprove.id, "approve", ADMIN);
    t.like(approved.record, { approved: true, processorName: "boss" });
    t.truthy(approved.record.processedTime);
    t.is(approved.concept, "Fish");
    const rejected = await histories.process(toReject.id, "reject", ADMIN);
    t.like(rejected.record, { approved: false, processorName: "boss" });
    t.like((await histories.get(toReject.id)).record, { approved: false, processorName: "boss" });
    t.deepEqual(calls, [
      { decision: "approve", record: toApprove },
      { decision: "reject", record: toReject },
    ]);
    await rejectsWith(
      t,
      histories.process(toApprove.id, "reject", ADMIN),
      "FAILED_PRECONDITION",
      new RegExp(`^History with id \`${toApprove.id}\` has already been processed$`),
    );
    await rejectsWith(t, histories.process(424_242, "approve", ADMIN), "NOT_FOUND");
    t.is(calls.length, 2);
    t.is(await histories.countApproved(), 1);
    t.is(await histories.countPending(), 0);
  });

  test(`${backend}: a record without a handler, or whose handler fails, stays pending`, async (t) => {
    const { histories, record, concept } = await openHistory(backend, "reject");
    const fish = await concept("Fish");
    const unknown = await record({ conceptId: fish.id, field: "Concept.mystery" });
    await rejectsWith(
      t,
      histories.process(unknown.id, "approve", ADMIN),
      "INVALID_ARGUMENT",
      /^Unable to process history$/,
    );
    const failing = await record({ conceptId: fish.id });
    await rejectsWith(
      t,
      histories.process(failing.id, "reject", ADMIN),
      "FAILED_PRECONDITION",
      /revert failed/,
    );
    t.is((await histories.get(unknown.id)).record.processedTime, null);
    t.is((await histories.get(failing.id)).record.processedTime, null);
    t.is(await histories.countPending(), 2);
  });

  test(`${backend}: delete removes a record; records go with their concept`, async (t) => {
    const { storage, histories, record, concept } = await openHistory(backend);
    const fish = await concept("Fish");
    const squid = await concept("Squid");
    const one = await record({ conceptId: fish.id });
    const two = await record({ conceptId: squid.id });
    await histories.delete(one.id);
    await rejectsWith(t, histories.get(one.id), "NOT_FOUND");
    await rejectsWith(t, histories.delete(one.id), "NOT_FOUND", /does not exist/);
    await storage.transaction((manager) => manager.query("DELETE FROM concepts WHERE id = ?", [squid.id]));
    await rejectsWith(t, histories.get(two.id), "NOT_FOUND");
  });
}

import test from "ava";
import type { HistoryEntry } from "../../../../services/kb/contracts/history.js";
import { assertError, createUser, loginAs } from "../../../support/e2e/kb-people.js";
import { type HandledCall, recordingHandler } from "../../../support/kb/history-fakes.js";
import { type PeopleStack, STACK_ADMIN, startPeopleStack } from "../../../support/kb/people-stack.js";
import { BACKENDS, closeKbStorages } from "../../../support/kb/people-storage.js";

const stacks = new Map<string, PeopleStack>();
const handled = new Map<string, HandledCall[]>();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

test.before(async () => {
  for (const backend of BACKENDS) {
    const calls: HandledCall[] = [];
    handled.set(backend, calls);
    stacks.set(backend, await startPeopleStack(backend, [recordingHandler("ConceptName", calls)]));
  }
});

test.after.always(async () => {
  await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
  await closeKbStorages();
});

function stackOf(backend: string): PeopleStack {
  const stack = stacks.get(backend);
  if (!stack) throw new Error(`the ${backend} stack did not start`);
  return stack;
}

/** A concept with its history records, written as the kb parts write them. */
async function seed(
  stack: PeopleStack,
  names: string[],
  entries: Partial<HistoryEntry>[],
): Promise<number[]> {
  return stack.storage.transaction(async (manager) => {
    const [primary = "x", ...others] = names;
    const concept = await stack.directory.add(manager, primary, ...others);
    const ids: number[] = [];
    for (const entry of entries) {
      const record = await stack.recorder.record(manager, {
        conceptId: concept.id,
        action: "ADD",
        field: "ConceptName",
        principal: { username: "maint", role: "Maint", isAdmin: false },
        approveNow: false,
        ...entry,
      });
      ids.push(record.id);
    }
    return ids;
  });
}

const maintAs = (username: string) => ({ username, role: "Maint", isAdmin: false });

for (const backend of BACKENDS) {
  test.serial(
    `${backend}: pending pages need a JWT, print absent values as null and sort case-insensitively`,
    async (t) => {
      const { http } = stackOf(backend);
      await seed(
        stackOf(backend),
        ["Fish", "fishes"],
        [
          { principal: maintAs("bravo"), newValue: "b" },
          { principal: maintAs("Alpha"), newValue: "a" },
          { principal: maintAs("charlie"), newValue: "c" },
        ],
      );
      assertError(t, await http.get("/kb/v1/history/pending"), 401, "Missing token");
      const page = await http.get("/kb/v1/history/pending?sort=creatorName,desc&limit=2&offset=1", {
        auth: true,
      });
      t.is(page.status, 200, page.text);
      const body = page.json as { content: Record<string, unknown>[]; limit: number; offset: number };
      t.like(body, { limit: 2, offset: 1 });
      t.deepEqual(
        body.content.map((record) => record.creatorName),
        ["bravo", "Alpha"],
      );
      const first = body.content[0] ?? {};
      t.like(first, {
        concept: "Fish",
        action: "ADD",
        field: "ConceptName",
        oldValue: null,
        newValue: "b",
        approved: false,
        processedTimestamp: null,
        processorName: null,
      });
      t.regex(String(first.creationTimestamp), ISO);
      t.is(typeof first.id, "number");
      const all = await http.get("/kb/v1/history/pending", { auth: true });
      t.like(all.json, { limit: 100, offset: 0 });
      assertError(t, await http.get("/kb/v1/history/pending?sort=concept", { auth: true }), 400, /sort/);
      assertError(t, await http.get("/kb/v1/history/approved?limit=-1", { auth: true }), 400, /limit/);
    },
  );

  test.serial(`${backend}: counts, concept lists and single records`, async (t) => {
    const stack = stackOf(backend);
    const { http } = stack;
    const pendingBefore = (await http.get("/kb/v1/history/pending/count", { auth: true })).json as {
      count: number;
    };
    const approvedBefore = (await http.get("/kb/v1/history/approved/count")).json as { count: number };
    const [pending = 0, approved = 0] = await seed(
      stack,
      ["Squid", "calamari"],
      [
        { newValue: "calamari" },
        {
          action: "REPLACE",
          field: "Rank",
          principal: { username: "admin", role: "Admin", isAdmin: true },
          approveNow: true,
        },
      ],
    );
    assertError(t, await http.get("/kb/v1/history/pending/count"), 401);
    t.deepEqual((await http.get("/kb/v1/history/pending/count", { auth: true })).json, {
      count: pendingBefore.count + 1,
    });
    t.deepEqual((await http.get("/kb/v1/history/approved/count")).json, { count: approvedBefore.count + 1 });
    const byConcept = await http.get("/kb/v1/history/concept/calamari");
    t.deepEqual(
      (byConcept.json as { id: number; concept: string }[]).map((record) => [record.id, record.concept]),
      [
        [pending, "Squid"],
        [approved, "Squid"],
      ],
    );
    t.deepEqual((await http.get("/kb/v1/history/concept/no-such-name")).json, []);
    const one = await http.get(`/kb/v1/history/${approved}`);
    t.like(one.json, {
      id: approved,
      approved: true,
      processorName: "admin",
      field: "Rank",
      concept: "Squid",
    });
    t.regex(String((one.json as { processedTimestamp: string }).processedTimestamp), ISO);
    assertError(t, await http.get("/kb/v1/history/987654"), 404, "History with id 987654 does not exist");
  });

  test.serial(
    `${backend}: only an Admin approves, rejects and deletes; processed records stay processed`,
    async (t) => {
      const stack = stackOf(backend);
      const { http } = stack;
      const [toApprove = 0, toReject = 0, toDelete = 0, unknownField = 0] = await seed(
        stack,
        ["Crab"],
        [{ newValue: "one" }, { newValue: "two" }, { newValue: "three" }, { field: "Concept.mystery" }],
      );
      const adminAuth = await loginAs(http, STACK_ADMIN.username, STACK_ADMIN.password);
      const maint = await createUser({ http, admin: STACK_ADMIN }, "Maint");
      const maintAuth = await loginAs(http, maint, `pw-${maint}`);
      assertError(t, await http.put(`/kb/v1/history/approve/${toApprove}`, { auth: false }), 401);
      assertError(
        t,
        await http.put(`/kb/v1/history/approve/${toApprove}`, { auth: maintAuth }),
        403,
        /maint/,
      );
      const approved = await http.put(`/kb/v1/history/approve/${toApprove}`, { auth: adminAuth });
      t.is(approved.status, 200, approved.text);
      t.like(approved.json, {
        id: toApprove,
        approved: true,
        processorName: STACK_ADMIN.username,
        concept: "Crab",
      });
      t.regex(String((approved.json as { processedTimestamp: string }).processedTimestamp), ISO);
      const again = await http.put(`/kb/v1/history/reject/${toApprove}`, { auth: adminAuth });
      assertError(t, again, 400, `History with id \`${toApprove}\` has already been processed`);
      const rejected = await http.put(`/kb/v1/history/reject/${toReject}`, { auth: adminAuth });
      t.like(rejected.json, { id: toReject, approved: false, processorName: STACK_ADMIN.username });
      t.deepEqual(
        (handled.get(backend) ?? [])
          .filter((call) => [toApprove, toReject].includes(call.record.id))
          .map((call) => call.decision),
        ["approve", "reject"],
      );
      assertError(
        t,
        await http.put(`/kb/v1/history/approve/${unknownField}`, { auth: adminAuth }),
        400,
        "Unable to process history",
      );
      assertError(t, await http.put("/kb/v1/history/approve/987654", { auth: adminAuth }), 404);
      assertError(t, await http.delete(`/kb/v1/history/${toDelete}`, { auth: maintAuth }), 403);
      const deleted = await http.delete(`/kb/v1/history/${toDelete}`, { auth: adminAuth });
      t.deepEqual(deleted.json, {});
      assertError(t, await http.get(`/kb/v1/history/${toDelete}`), 404);
    },
  );
}

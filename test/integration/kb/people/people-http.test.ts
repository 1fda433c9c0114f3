import test from "ava";
import { PEOPLE_SCENARIOS } from "../../../support/kb/people-scenarios.js";
import { type PeopleStack, STACK_ADMIN, startPeopleStack } from "../../../support/kb/people-stack.js";
import { BACKENDS, closeKbStorages } from "../../../support/kb/people-storage.js";

const stacks = new Map<string, PeopleStack>();

test.before(async () => {
  for (const backend of BACKENDS) stacks.set(backend, await startPeopleStack(backend));
});

test.after.always(async () => {
  await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
  await closeKbStorages();
});

for (const backend of BACKENDS) {
  for (const scenario of PEOPLE_SCENARIOS) {
    test(`${backend}: ${scenario.title}`, async (t) => {
      const stack = stacks.get(backend);
      if (!stack) throw new Error(`the ${backend} stack did not start`);
      await scenario.run(t, { http: stack.http, admin: STACK_ADMIN });
    });
  }
}

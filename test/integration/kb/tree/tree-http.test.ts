import test from "ava";
import { TREE_SCENARIOS } from "../../../support/e2e/kb-tree.js";
import { BACKENDS, closeKbStorages } from "../../../support/kb/people-storage.js";
import { startTreeHttpStack, type TreeHttpStack } from "../../../support/kb/tree-http-stack.js";

const stacks = new Map<string, TreeHttpStack>();

test.before(async () => {
  for (const backend of BACKENDS) stacks.set(backend, await startTreeHttpStack(backend));
});

test.after.always(async () => {
  await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
  await closeKbStorages();
});

for (const backend of BACKENDS) {
  for (const scenario of TREE_SCENARIOS) {
    test(`${backend}: ${scenario.title}`, async (t) => {
      const stack = stacks.get(backend);
      if (!stack) throw new Error(`the ${backend} stack did not start`);
      await scenario.run(t, stack);
    });
  }
}

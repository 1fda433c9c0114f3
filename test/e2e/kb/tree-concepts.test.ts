import test from "ava";
import { attachmentActors } from "../../support/e2e/kb-attachments.js";
import { KB_BACKENDS, useKbPlatforms } from "../../support/e2e/kb-people.js";
import { TREE_SCENARIOS } from "../../support/e2e/kb-tree.js";

const platform = useKbPlatforms(test);

for (const backend of KB_BACKENDS) {
  for (const scenario of TREE_SCENARIOS) {
    test(`${backend}: ${scenario.title}`, async (t) => {
      await scenario.run(t, await attachmentActors(backend, platform));
    });
  }
}

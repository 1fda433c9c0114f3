import test from "ava";
import { parseCitationGlob } from "../../../../services/kb/attachments/services/citation-glob.js";

test("plain text is one literal matched anywhere, SQL wildcards included", (t) => {
  t.deepEqual(parseCitationGlob("Smith 100%_x"), {
    parts: [{ literal: "Smith 100%_x" }],
    wholeCitation: false,
  });
});

test("* and ? are wildcards, and a pattern with them matches the whole citation", (t) => {
  t.deepEqual(parseCitationGlob("Sm?th*19*"), {
    parts: [{ literal: "Sm" }, "one", { literal: "th" }, "any", { literal: "19" }, "any"],
    wholeCitation: true,
  });
  t.deepEqual(parseCitationGlob("*"), { parts: ["any"], wholeCitation: true });
});

import test from "ava";
import { checkOverwrites } from "../../../services/annotation/observations/services/association-input.rules.js";
import {
  checkObservationFields,
  checkPage,
  checkRename,
  definedOnly,
  requireUuids,
} from "../../../services/annotation/observations/services/observation-input.rules.js";

const A = "0190b8a4-0000-7000-8000-00000000000A";
const B = "0190b8a4-0000-7000-8000-00000000000b";

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { metadata?: Record<string, string> }).metadata?.field;
  }
  return undefined;
}

test("requireUuids lowercases, drops repeats and names the bad item", (t) => {
  t.deepEqual(requireUuids([A, A.toLowerCase(), B], "uuids"), [A.toLowerCase(), B]);
  t.is(
    fieldOf(() => requireUuids([A, "nope"], "uuids")),
    "uuids[1]",
  );
  t.is(
    fieldOf(() => requireUuids([], "uuids")),
    "uuids",
  );
});

test("observation fields: widths, a non-blank concept and a non-negative whole duration", (t) => {
  t.deepEqual(checkObservationFields({ concept: "a", durationMillis: 0 }), {
    concept: "a",
    observer: undefined,
    activity: undefined,
    group: undefined,
    durationMillis: 0,
  });
  t.is(
    fieldOf(() => checkObservationFields({ concept: "" })),
    "concept",
  );
  t.is(
    fieldOf(() => checkObservationFields({ group: "g".repeat(129) })),
    "group",
  );
  t.is(
    fieldOf(() => checkObservationFields({ durationMillis: 1.5 })),
    "duration_millis",
  );
});

test("pages refuse negative limits and offsets; absent means unbounded", (t) => {
  t.deepEqual(checkPage({}), { limit: undefined, offset: undefined });
  t.is(
    fieldOf(() => checkPage({ offset: -1 })),
    "offset",
  );
});

test("renames need both names and a new name that fits the column", (t) => {
  t.deepEqual(checkRename("a", "b", 5), { old: "a", new: "b" });
  t.is(
    fieldOf(() => checkRename("a", "", 5)),
    "new",
  );
  t.is(
    fieldOf(() => checkRename("a", "toolong", 5)),
    "new",
  );
});

test("bulk overwrites skip items without a uuid, keep the last of a repeat and name the item's field", (t) => {
  const rows = checkOverwrites([
    { uuid: A, linkName: "1", toConcept: "t", linkValue: "v" },
    { linkName: "skipped" },
    { uuid: B, linkName: "2", toConcept: "t", linkValue: "v", mimeType: "text/x" },
    { uuid: A.toLowerCase(), linkName: "3", toConcept: "t", linkValue: "" },
  ]);
  t.deepEqual(rows, [
    { uuid: B, linkName: "2", toConcept: "t", linkValue: "v", mimeType: "text/x" },
    { uuid: A.toLowerCase(), linkName: "3", toConcept: "t", linkValue: "", mimeType: undefined },
  ]);
  t.is(
    fieldOf(() => checkOverwrites([{ uuid: A, linkName: "1", toConcept: "t" }])),
    "associations[0].link_value",
  );
});

test("definedOnly keeps only the fields given", (t) => {
  t.deepEqual(definedOnly({ a: 1, b: undefined, c: null }), { a: 1, c: null });
});

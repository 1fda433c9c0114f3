import test from "ava";
import {
  changed,
  echoesPending,
  mayChange,
  momentIndices,
  rankConcepts,
  undoLabel,
  withOverlay,
} from "../../../gateway/console/src/watch/annotate-model.js";
import { fieldChanges } from "../../../gateway/console/src/watch/history-model.js";
import type { WatchAnnotation } from "../../../gateway/console/src/watch/watch-model.js";

const concept = (name: string, ...alternates: string[]) => ({ name, alternates });

test("concepts rank exact, then prefix, then a word's prefix, then substring; names before other names", (t) => {
  const found = [
    concept("Pseudonanomia"),
    concept("Physonectae", "nanomia-like siphonophores"),
    concept("Nanomia bijuga"),
    concept("Nanomia"),
    concept("Agalma", "nanomia"),
    concept("Apolemia"),
  ];
  t.deepEqual(
    rankConcepts(" NANOMIA ", found).map((one) => one.name),
    ["Nanomia", "Agalma", "Nanomia bijuga", "Physonectae", "Pseudonanomia"],
  );
  t.deepEqual(rankConcepts("", found), []);
});

test("at the same rank, the shorter name first, then alphabetical", (t) => {
  const found = [
    concept("Aegina citrea"),
    concept("Aegina rosea"),
    concept("Aegina ruba"),
    concept("Aegina alba"),
    concept("Aegina"),
  ];
  t.deepEqual(
    rankConcepts("aeg", found).map((one) => one.name),
    ["Aegina", "Aegina alba", "Aegina ruba", "Aegina rosea", "Aegina citrea"],
  );
});

test("a new annotation's moment: elapsed milliseconds, recorded = the video's start + elapsed", (t) => {
  t.deepEqual(momentIndices(1.2004, Date.parse("2024-05-14T16:22:10Z")), {
    elapsed_time_millis: 1200,
    recorded_timestamp: "2024-05-14T16:22:11.200Z",
  });
  t.deepEqual(momentIndices(-0.01, undefined), { elapsed_time_millis: 0, recorded_timestamp: undefined });
});

const at = (uuid: string, seconds: number, name = "Aegina"): WatchAnnotation => ({
  uuid,
  concept: name,
  observer: "ann",
  seconds,
  boxes: [],
});

test("the overlay adds, replaces and removes annotations, keeping time order", (t) => {
  const base = [at("a", 1), at("b", 2), at("c", 3)];
  let overlay = changed(new Map(), "b", null);
  overlay = changed(overlay, "c", at("c", 3, "Colobonema"));
  overlay = changed(overlay, "new", at("new", 0.5));
  t.deepEqual(
    withOverlay(base, overlay).map((one) => `${one.uuid}:${one.concept}`),
    ["new:Aegina", "a:Aegina", "c:Colobonema"],
  );
  t.deepEqual(withOverlay(base, new Map()), base);
});

test("a change event's annotation echoes a pending one of the same concept, observer and millisecond", (t) => {
  const shown = [at("pending-1", 6.4, "Colobonema"), at("b", 2)];
  t.true(echoesPending(shown, at("real", 6.4, "Colobonema")));
  t.true(echoesPending(shown, at("real", 6.4004, "Colobonema")), "the moment is kept to the millisecond");
  t.false(echoesPending(shown, at("real", 6.402, "Colobonema")), "another moment");
  t.false(echoesPending(shown, at("real", 6.4, "Aegina")), "another concept");
  t.false(echoesPending(shown, { ...at("real", 6.4, "Colobonema"), observer: "other" }), "another observer");
  t.false(echoesPending([at("stored", 6.4, "Colobonema")], at("real", 6.4, "Colobonema")), "none pending");
});

test("the undo button says what it will do", (t) => {
  t.is(undoLabel(undefined), undefined);
  t.is(undoLabel({ kind: "delete created", uuid: "a", concept: "Aegina" }), "Undo: remove the new Aegina");
  t.is(
    undoLabel({ kind: "create deleted", annotation: at("a", 1), videoReferenceUuid: "v" }),
    "Undo: bring back Aegina",
  );
  t.is(
    undoLabel({ kind: "restore concept", uuid: "a", concept: "Colobonema", was: "Aegina" }),
    "Undo: Colobonema back to Aegina",
  );
  t.is(
    undoLabel({ kind: "restore details", uuid: "a", concept: "Aegina", was: { activity: "" } }),
    "Undo: the activity, group and duration of Aegina back",
  );
});

test("a history entry shows the fields that changed, every field of a create, no identities", (t) => {
  t.deepEqual(
    fieldChanges({
      before: { uuid: "o", concept: "Aegina", observer: "ann", group: null },
      after: { uuid: "o", concept: "Colobonema", observer: "ann", group: null },
    }),
    [{ field: "concept", before: "Aegina", after: "Colobonema" }],
  );
  t.deepEqual(fieldChanges({ before: null, after: { uuid: "o", concept: "Aegina", group: null } }), [
    { field: "concept", before: "—", after: "Aegina" },
  ]);
});

test("who may change an annotation: Maint and Admin anyone's, an Annotator their own, others none", (t) => {
  t.true(mayChange({ username: "bob", role: "Maint" }, "ann"));
  t.true(mayChange({ username: "bob", role: "admin" }, "ann"));
  t.true(mayChange({ username: "ann", role: "Annotator" }, "ann"));
  t.false(mayChange({ username: "bob", role: "Annotator" }, "ann"));
  t.false(mayChange({ username: "ann", role: "ReadOnly" }, "ann"));
  t.false(mayChange(undefined, "ann"));
});

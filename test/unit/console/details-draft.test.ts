import test from "ava";
import { draftOf, followStored } from "../../../gateway/console/src/watch/details-draft.js";
import type { WatchAnnotation } from "../../../gateway/console/src/watch/watch-model.js";

const annotation = (uuid: string, details: Partial<WatchAnnotation> = {}): WatchAnnotation => ({
  uuid,
  concept: "Nanomia",
  observer: "demo-annotator",
  seconds: 1.2,
  boxes: [],
  ...details,
});

test("the boxes show the stored details, the duration in seconds", (t) => {
  t.deepEqual(draftOf(annotation("a", { activity: "swimming", group: "ROV", durationMillis: 2500 })), {
    activity: "swimming",
    group: "ROV",
    seconds: "2.5",
  });
  t.deepEqual(draftOf(annotation("a")), { activity: "", group: "", seconds: "" });
});

test("a read-back of the same annotation keeps what the user typed and updates the boxes left alone", (t) => {
  const before = annotation("a", { group: "ROV" });
  const typing = { activity: "swimming", group: "ROV", seconds: "" };
  const now = annotation("a", { group: "camera", durationMillis: 1000 });
  t.deepEqual(followStored(typing, before, now), { activity: "swimming", group: "camera", seconds: "1" });
});

test("the stored details taken back (an undo) show in boxes the user has not typed in since", (t) => {
  const saved = annotation("a", { activity: "swimming", group: "ROV", durationMillis: 2500 });
  const undone = annotation("a");
  t.deepEqual(followStored(draftOf(saved), saved, undone), { activity: "", group: "", seconds: "" });
});

test("another annotation selected fills the boxes afresh, whatever was typed", (t) => {
  const typing = { activity: "swimming", group: "", seconds: "3" };
  const other = annotation("b", { group: "ROV" });
  t.deepEqual(followStored(typing, annotation("a"), other), { activity: "", group: "ROV", seconds: "" });
});

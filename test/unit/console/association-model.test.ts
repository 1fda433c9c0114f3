import test from "ava";
import { isAssociationUndo, undoLabel } from "../../../gateway/console/src/watch/annotate-model.js";
import {
  boxCount,
  editableAssociations,
  linkProblem,
  linkText,
  offeredTemplates,
  restoreItem,
  storedLink,
  toConceptRoot,
  withKnownAncillary,
} from "../../../gateway/console/src/watch/association-model.js";
import type { WatchAnnotation } from "../../../gateway/console/src/watch/watch-model.js";

const link = (linkName: string, toConcept = "self", linkValue = "nil") => ({
  linkName,
  toConcept,
  linkValue,
});
const stored = (uuid: string, linkName: string, linkValue = "nil", mimeType = "text/plain") => ({
  uuid,
  ...link(linkName, "self", linkValue),
  mimeType,
});

test("templates are offered when their line holds every word typed, in any case and order, each line once", (t) => {
  const templates = [
    link("surface-color", "self", "green"),
    link("surface-color", "self", "red"),
    link("eating", "Pyrosoma", "nil"),
    link("surface-color", "self", "green"),
  ];
  t.deepEqual(offeredTemplates("", templates).map(linkText), [
    "surface-color | self | green",
    "surface-color | self | red",
    "eating | Pyrosoma | nil",
  ]);
  t.deepEqual(offeredTemplates("GREEN surf", templates).map(linkText), ["surface-color | self | green"]);
  t.deepEqual(offeredTemplates("pyro", templates).map(linkText), ["eating | Pyrosoma | nil"]);
  t.deepEqual(offeredTemplates("blue", templates), []);
});

test("at most 50 templates are offered", (t) => {
  const many = Array.from({ length: 80 }, (_, index) => link(`comment-${index}`));
  t.is(offeredTemplates("comment", many).length, 50);
});

test("a link needs a name that is not nil and not a box's; an empty to-concept or value is stored as nil", (t) => {
  t.is(linkProblem(link(" ")), "An association needs a link name.");
  t.is(linkProblem(link("nil")), "An association needs a link name.");
  t.is(linkProblem(link("bounding box")), "Boxes are drawn on the frame, not typed.");
  t.is(linkProblem(link("comment")), undefined);
  t.deepEqual(storedLink({ linkName: " comment ", toConcept: "", linkValue: " two fish " }), {
    linkName: "comment",
    toConcept: "nil",
    linkValue: "two fish",
  });
});

test("the editor lists every association but the boxes, which it counts", (t) => {
  const associations = [
    stored("a", "comment"),
    stored("b", "bounding box", "{}"),
    stored("c", "bounding box", "{}"),
  ];
  t.deepEqual(
    editableAssociations(associations).map((one) => one.uuid),
    ["a"],
  );
  t.is(boxCount(associations), 2);
});

test("a deleted annotation is made again with its moment's indices, its details and all its associations", (t) => {
  const box = stored(
    "b",
    "bounding box",
    '{"x":1,"y":2,"width":3,"height":4,"image_reference_uuid":"i"}',
    "application/json",
  );
  const annotation: WatchAnnotation = {
    uuid: "o",
    concept: "Aegina",
    observer: "ann",
    seconds: 6.4,
    boxes: [],
    activity: "swimming",
    durationMillis: 2500,
    associations: [stored("a", "comment", "two"), box],
    stored: {
      observationTimestamp: "2026-01-01T00:00:00Z",
      elapsedTimeMillis: 6400,
      recordedTimestamp: "2020-01-01T00:00:06.400Z",
      images: [{ url: "http://x/i.png", format: "image/png", width_pixels: 384, height_pixels: 216 }],
      ancillaryData: { depth_meters: 877.2 },
    },
  };
  t.deepEqual(restoreItem(annotation, "v"), {
    video_reference_uuid: "v",
    concept: "Aegina",
    observer: "ann",
    activity: "swimming",
    group: undefined,
    duration_millis: 2500,
    observation_timestamp: "2026-01-01T00:00:00Z",
    timecode: undefined,
    elapsed_time_millis: 6400,
    recorded_timestamp: "2020-01-01T00:00:06.400Z",
    associations: [
      { link_name: "comment", to_concept: "self", link_value: "two", mime_type: "text/plain" },
      {
        link_name: "bounding box",
        to_concept: "self",
        link_value: box.linkValue,
        mime_type: "application/json",
      },
    ],
    image_references: [{ url: "http://x/i.png", format: "image/png", width_pixels: 384, height_pixels: 216 }],
    ancillary_data: { depth_meters: 877.2 },
  });
  const { stored: _, ...shownOnly } = annotation;
  t.is(restoreItem(shownOnly, "v").elapsed_time_millis, 6400);
});

test("association undos say what they take back", (t) => {
  const association = stored("a", "surface-color", "green");
  const added = { kind: "remove added association" as const, uuid: "o", concept: "Aegina", association };
  t.true(isAssociationUndo(added));
  t.false(isAssociationUndo({ kind: "delete created", uuid: "o", concept: "Aegina" }));
  t.is(undoLabel(added), "Undo: remove surface-color from Aegina");
  t.is(
    undoLabel({ ...added, kind: "restore association", was: link("surface-color", "self", "red") }),
    "Undo: surface-color of Aegina back to surface-color | self | red",
  );
  t.is(undoLabel({ ...added, kind: "add deleted association" }), "Undo: bring back surface-color of Aegina");
});

test("the to-concept is offered under its template's concept: none for nil and self", (t) => {
  const templates = [link("comment", "human"), link("eating", "self"), link("eating", "Animalia")];
  t.is(toConceptRoot(link("comment", "nil"), templates), undefined);
  t.is(toConceptRoot(link("comment", "self"), templates), undefined);
  t.is(toConceptRoot(link("comment", "human"), templates), "human");
  t.is(toConceptRoot(link("eating", "Pyrosoma"), templates), "Animalia");
  t.is(toConceptRoot(link("swimming-with", "Nanomia"), templates), "Nanomia");
});

test("an annotation read again without its moment's measurements keeps those it was shown with", (t) => {
  const shown = (ancillaryData?: Record<string, number>): WatchAnnotation => ({
    uuid: "o",
    concept: "Aegina",
    observer: "ann",
    seconds: 1,
    boxes: [],
    stored: { images: [], ancillaryData },
  });
  t.deepEqual(withKnownAncillary(shown(), shown({ depth_meters: 5 })).stored?.ancillaryData, {
    depth_meters: 5,
  });
  t.deepEqual(
    withKnownAncillary(shown({ depth_meters: 6 }), shown({ depth_meters: 5 })).stored?.ancillaryData,
    {
      depth_meters: 6,
    },
  );
  t.is(withKnownAncillary(shown(), undefined).stored?.ancillaryData, undefined);
});

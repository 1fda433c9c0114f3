import test from "ava";
import { listedGetRoutes } from "../../../tools/dev/bench/routes/routes-paths.js";
import { rowsOf, WHOLE_DATA_SET_ROUTES } from "../../../tools/dev/bench/routes/routes-whole.js";

test("every route bench:routes sets apart as over the whole data set is a GET route of endpoints.txt", (t) => {
  const listed = new Set(listedGetRoutes());
  const unknown = Object.keys(WHOLE_DATA_SET_ROUTES).filter((route) => !listed.has(route));
  t.deepEqual(unknown, []);
});

test("the rows of an answer: a count's value, the sum of per-video counts, or a list's length", (t) => {
  t.is(rowsOf({ count: 5000 }), 5000);
  t.is(
    rowsOf([
      { video_reference_uuid: "a", count: 2000 },
      { video_reference_uuid: "b", count: 1500 },
    ]),
    3500,
  );
  t.is(rowsOf(["Nanomia", "Aegina", "Sebastes"]), 3);
  t.is(rowsOf([{ uuid: "a" }, { uuid: "b", count: 3 }]), 2, "not every item is a count");
  t.is(rowsOf([]), 0);
  t.is(rowsOf({ name: "one" }), 1);
});

test("the media of video sequences are the video references of their videos", (t) => {
  const rows = WHOLE_DATA_SET_ROUTES["GET /vam/v1/videosequences"]?.rows;
  if (!rows) throw new Error("the sequences route counts no media");
  const sequences = [
    { videos: [{ video_references: [{}, {}] }, { video_references: [{}] }] },
    { videos: [{ video_references: [] }] },
  ];
  t.is(rows(sequences), 3);
});

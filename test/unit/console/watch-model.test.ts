import test from "ava";
import {
  boxesOf,
  clockOf,
  currentMomentOf,
  diveStateAt,
  isOnFrame,
  playableReferenceOf,
  type WatchAnnotation,
} from "../../../gateway/console/src/watch/watch-model.js";

const FRAME = 1 / 25;

function annotation(seconds: number, concept = "Aegina"): WatchAnnotation {
  return { uuid: `${concept}-${seconds}`, concept, observer: "ann", seconds, boxes: [] };
}

test("the browser plays the first file in a browser container at an http(s) or file: URI", (t) => {
  const master = { uuid: "1", uri: "https://media/x.mov", container: "video/quicktime" };
  const proxy = { uuid: "2", uri: "https://media/x.mp4", container: "video/mp4" };
  const file = { uuid: "3", uri: "file:///videos/x.mp4", container: "video/mp4" };
  const tape = { uuid: "4", uri: "urn:tid:1234", container: "video/mp4" };
  t.is(playableReferenceOf([master, proxy, file])?.uuid, "2");
  t.is(playableReferenceOf([tape, master, file])?.uuid, "3");
  t.is(playableReferenceOf([{ uuid: "5", uri: "http://media/y.webm" }])?.uuid, "5");
  t.is(playableReferenceOf([master, tape]), undefined);
});

test("boxes are the bounding box associations whose JSON holds a box; anything else is skipped", (t) => {
  const boxes = boxesOf([
    { link_name: "bounding box", link_value: '{"x":1,"y":2,"width":30,"height":40,"generator":"me"}' },
    { link_name: "bounding box", link_value: "not json" },
    { link_name: "bounding box", link_value: '{"x":1,"y":2,"width":0,"height":40}' },
    { link_name: "bounding box", link_value: '{"x":"1","y":2,"width":3,"height":4}' },
    { link_name: "eating", link_value: '{"x":1,"y":2,"width":3,"height":4}' },
  ]);
  t.deepEqual(boxes, [{ x: 1, y: 2, width: 30, height: 40 }]);
  t.deepEqual(
    boxesOf([
      {
        uuid: "a1",
        link_name: "bounding box",
        link_value: '{"x":1,"y":2,"width":3,"height":4,"image_reference_uuid":"i1"}',
      },
    ]),
    [{ x: 1, y: 2, width: 3, height: 4, uuid: "a1", imageReferenceUuid: "i1" }],
  );
});

test("the current moment is the latest annotated at or before the frame, within half a frame", (t) => {
  const annotations = [annotation(1.6), annotation(6.4), annotation(6.4, "Bathochordaeus"), annotation(9.4)];
  t.is(currentMomentOf(annotations, 1.0, FRAME), undefined);
  t.is(currentMomentOf(annotations, 1.59, FRAME), 1.6);
  t.is(currentMomentOf(annotations, 6.39, FRAME), 6.4);
  t.is(currentMomentOf(annotations, 9.0, FRAME), 6.4);
  t.is(currentMomentOf(annotations, 30, FRAME), 9.4);
  t.true(isOnFrame(6.4, 6.401, FRAME));
  t.false(isOnFrame(6.4, 6.44, FRAME));
});

test("depth and position are interpolated between the readings around the moment, and unknown far from any", (t) => {
  const samples = [
    { recordedMillis: 1000, depthMeters: 100, latitude: 36, longitude: -122 },
    { recordedMillis: 3000, depthMeters: 200 },
    { recordedMillis: 5000, depthMeters: 300, latitude: 37, longitude: -121 },
  ];
  t.deepEqual(diveStateAt(samples, 2000), { depthMeters: 150, latitude: 36.25, longitude: -121.75 });
  t.deepEqual(diveStateAt(samples, 0), { depthMeters: 100, latitude: 36, longitude: -122 });
  t.deepEqual(diveStateAt(samples, 10 * 60_000), {
    depthMeters: undefined,
    latitude: undefined,
    longitude: undefined,
  });
});

test("times show as mm:ss.mmm, with hours when there are any", (t) => {
  t.is(clockOf(6.4), "00:06.400");
  t.is(clockOf(61.0405), "01:01.041");
  t.is(clockOf(3723.5), "1:02:03.500");
});

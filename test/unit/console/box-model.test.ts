import test from "ava";
import {
  boxValue,
  dragged,
  framePoint,
  isBox,
  spanned,
} from "../../../gateway/console/src/watch/box-model.js";

const FRAME = { width: 384, height: 216 };

test("a drag spans a box between its ends, either way, inside the frame, in whole pixels", (t) => {
  t.deepEqual(spanned({ x: 10.4, y: 20.6 }, { x: 50.2, y: 60 }, FRAME), {
    x: 10,
    y: 21,
    width: 40,
    height: 39,
  });
  t.deepEqual(spanned({ x: 50, y: 60 }, { x: 10, y: 20 }, FRAME), { x: 10, y: 20, width: 40, height: 40 });
  t.deepEqual(spanned({ x: 370, y: 200 }, { x: 500, y: -9 }, FRAME), {
    x: 370,
    y: 0,
    width: 14,
    height: 200,
  });
});

test("moving keeps the size and stays in the frame; a corner resizes from the opposite one", (t) => {
  const box = { x: 100, y: 50, width: 60, height: 40 };
  t.deepEqual(dragged(box, "move", 10, -5, FRAME), { x: 110, y: 45, width: 60, height: 40 });
  t.deepEqual(dragged(box, "move", 1000, 1000, FRAME), { x: 324, y: 176, width: 60, height: 40 });
  t.deepEqual(dragged(box, "se", 20, 10, FRAME), { x: 100, y: 50, width: 80, height: 50 });
  t.deepEqual(dragged(box, "nw", 20, 10, FRAME), { x: 120, y: 60, width: 40, height: 30 });
  t.deepEqual(dragged(box, "ne", 5, -10, FRAME), { x: 100, y: 40, width: 65, height: 50 });
  // Past the opposite corner, the box turns over rather than going negative.
  t.deepEqual(dragged(box, "sw", 80, 0, FRAME), { x: 160, y: 50, width: 20, height: 40 });
});

test("a box smaller than 4 pixels a side is a click, not a box", (t) => {
  t.false(isBox({ x: 0, y: 0, width: 3, height: 50 }));
  t.true(isBox({ x: 0, y: 0, width: 4, height: 4 }));
});

test("the stored value: geometry, image, generator m3-console, the other fields kept", (t) => {
  const value = JSON.parse(
    boxValue({ x: 1, y: 2, width: 3, height: 4 }, "img", {
      verifier: "bob",
      generator: "vars-localize",
      x: 9,
    }),
  );
  t.deepEqual(value, {
    verifier: "bob",
    generator: "m3-console",
    x: 1,
    y: 2,
    width: 3,
    height: 4,
    image_reference_uuid: "img",
  });
});

test("a point on screen in the frame's pixels, the frame letterboxed in the middle of what shows it", (t) => {
  const frame = { width: 400, height: 200 };
  // Shown at twice its size, with 50 pixels above and below.
  const shown = { left: 10, top: 20, width: 800, height: 500 };
  t.deepEqual(framePoint({ x: 10, y: 70 }, shown, frame), { x: 0, y: 0 });
  t.deepEqual(framePoint({ x: 410, y: 270 }, shown, frame), { x: 200, y: 100 });
});

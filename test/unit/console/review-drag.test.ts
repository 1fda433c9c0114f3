import test from "ava";
import { indicesIn, rectangleOf } from "../../../gateway/console/src/review/drag-model.js";
import { dragSelect, emptySelection } from "../../../gateway/console/src/review/selection-model.js";

/** Four columns of 100 x 50 tiles, 10 apart, 5 from the grid's edge; ten boxes (the last row half full). */
const layout = { columns: 4, count: 10, stepX: 110, stepY: 60, tileWidth: 100, tileHeight: 50, padding: 5 };

test("a rectangle selects the tiles it overlaps, in any direction, and none in the gaps or past the last box", (t) => {
  t.deepEqual(indicesIn(rectangleOf({ x: 50, y: 20 }, { x: 230, y: 80 }), layout), [0, 1, 2, 4, 5, 6]);
  t.deepEqual(indicesIn(rectangleOf({ x: 230, y: 80 }, { x: 50, y: 20 }), layout), [0, 1, 2, 4, 5, 6]);
  t.deepEqual(indicesIn(rectangleOf({ x: 106, y: 56 }, { x: 114, y: 64 }), layout), [], "only the gap");
  t.deepEqual(indicesIn(rectangleOf({ x: 0, y: 130 }, { x: 440, y: 170 }), layout), [8, 9]);
});

test("a drag selects the boxes it touched alone, or with shift or ctrl/cmd adds them", (t) => {
  const before = dragSelect(emptySelection(), [1, 2], { shift: false, toggle: false });
  t.deepEqual([...before.selected], [1, 2]);
  t.is(before.focus, 2);
  t.deepEqual([...dragSelect(before, [5], { shift: false, toggle: false }).selected], [5]);
  t.deepEqual([...dragSelect(before, [5], { shift: false, toggle: true }).selected], [1, 2, 5]);
  t.deepEqual([...dragSelect(before, [5, 6], { shift: true, toggle: false }).selected], [1, 2, 5, 6]);
});

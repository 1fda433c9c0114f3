import test from "ava";
import {
  clickAt,
  emptySelection,
  pressKey,
  type SelectionState,
} from "../../../gateway/console/src/review/selection-model.js";

const none = { shift: false, toggle: false };
const shift = { shift: true, toggle: false };
const toggle = { shift: false, toggle: true };
const grid = { columns: 4, count: 10 };
const selectedOf = (state: SelectionState) => [...state.selected].sort((a, b) => a - b);

test("a click selects one box; a shift-click the range from it; a ctrl-click toggles one", (t) => {
  let state = clickAt(emptySelection(), 2, none);
  t.deepEqual(selectedOf(state), [2]);
  state = clickAt(state, 5, shift);
  t.deepEqual(selectedOf(state), [2, 3, 4, 5]);
  state = clickAt(state, 0, shift);
  t.deepEqual(selectedOf(state), [0, 1, 2], "a second shift-click redraws the range from the same anchor");
  state = clickAt(state, 1, toggle);
  t.deepEqual(selectedOf(state), [0, 2]);
  state = clickAt(state, 8, toggle);
  t.deepEqual(selectedOf(state), [0, 2, 8]);
  state = clickAt(state, 9, shift);
  t.deepEqual(selectedOf(state), [0, 2, 8, 9], "the range from a ctrl-click adds to what was selected");
  state = clickAt(state, 4, none);
  t.deepEqual(selectedOf(state), [4]);
});

test("arrows move the focus by one or by a row and stop at the edges; space toggles the focused box", (t) => {
  let state = emptySelection();
  state = pressKey(state, "ArrowRight", none, grid) as SelectionState;
  state = pressKey(state, "ArrowDown", none, grid) as SelectionState;
  t.is(state.focus, 5);
  t.deepEqual(selectedOf(state), []);
  state = pressKey(state, " ", none, grid) as SelectionState;
  t.deepEqual(selectedOf(state), [5]);
  state = pressKey(state, "ArrowDown", none, grid) as SelectionState;
  state = pressKey(state, "ArrowDown", none, grid) as SelectionState;
  t.is(state.focus, 9);
  state = pressKey(state, "ArrowLeft", none, grid) as SelectionState;
  state = pressKey(state, " ", none, grid) as SelectionState;
  t.deepEqual(selectedOf(state), [5, 8]);
  state = pressKey(state, " ", none, grid) as SelectionState;
  t.deepEqual(selectedOf(state), [5]);
  state = pressKey(state, "Home", none, grid) as SelectionState;
  state = pressKey(state, "ArrowUp", none, grid) as SelectionState;
  t.is(state.focus, 0);
});

test("shift+arrows extend a range from the anchor, keeping what was selected before it", (t) => {
  let state = clickAt(emptySelection(), 0, none);
  state = pressKey(state, "ArrowRight", none, grid) as SelectionState;
  state = pressKey(state, "ArrowRight", none, grid) as SelectionState;
  state = pressKey(state, "ArrowRight", shift, grid) as SelectionState;
  state = pressKey(state, "ArrowDown", shift, grid) as SelectionState;
  t.deepEqual(selectedOf(state), [0, 2, 3, 4, 5, 6, 7]);
  state = pressKey(state, "ArrowUp", shift, grid) as SelectionState;
  t.deepEqual(selectedOf(state), [0, 2, 3], "moving back shrinks the range");
});

test("ctrl+A selects every box, Escape none; other keys and an empty grid are left to the browser", (t) => {
  const all = pressKey(emptySelection(), "a", toggle, grid) as SelectionState;
  t.deepEqual(selectedOf(all), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  t.deepEqual(selectedOf(pressKey(all, "Escape", none, grid) as SelectionState), []);
  t.is(pressKey(all, "a", none, grid), undefined);
  t.is(pressKey(all, "Tab", none, grid), undefined);
  t.is(pressKey(emptySelection(), "ArrowRight", none, { columns: 4, count: 0 }), undefined);
});

/**
 * Which boxes of the grid are selected, and which one has the keyboard's focus, as a file
 * manager does it: a click selects one, a shift-click a range from the anchor, a ctrl/cmd-click
 * toggles one; arrows move the focus, shift+arrows extend the range, space toggles, ctrl/cmd+A
 * selects all, Escape none. Pure functions of the state, by index in the grid's order.
 */
export interface SelectionState {
  selected: ReadonlySet<number>;
  /** The box a range starts from. */
  anchor: number;
  /** The box the keys act on. */
  focus: number;
  /** What was selected when the anchor was set: a range adds to it. */
  base: ReadonlySet<number>;
}

export interface Modifiers {
  shift: boolean;
  /** Ctrl, or Cmd on a Mac. */
  toggle: boolean;
}

export const emptySelection = (): SelectionState => ({
  selected: new Set(),
  anchor: 0,
  focus: 0,
  base: new Set(),
});

function range(from: number, to: number): number[] {
  const [low, high] = from <= to ? [from, to] : [to, from];
  return Array.from({ length: high - low + 1 }, (_, offset) => low + offset);
}

function toggled(selected: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(selected);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** A click on the box at `index`. */
export function clickAt(state: SelectionState, index: number, modifiers: Modifiers): SelectionState {
  if (modifiers.shift) {
    return { ...state, focus: index, selected: new Set([...state.base, ...range(state.anchor, index)]) };
  }
  if (modifiers.toggle) {
    const selected = toggled(state.selected, index);
    return { selected, anchor: index, focus: index, base: selected };
  }
  return { selected: new Set([index]), anchor: index, focus: index, base: new Set() };
}

/** Where an arrow key moves the focus in a grid of `columns` columns holding `count` boxes. */
function moved(focus: number, key: string, columns: number, count: number): number | undefined {
  const step = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -columns,
    ArrowDown: columns,
    Home: -count,
    End: count,
  }[key];
  if (step === undefined) return undefined;
  return Math.min(count - 1, Math.max(0, focus + step));
}

/**
 * The state after a key on the grid, or undefined when the key is not the grid's (the page
 * then leaves it to the browser).
 */
export function pressKey(
  state: SelectionState,
  key: string,
  modifiers: Modifiers,
  grid: { columns: number; count: number },
): SelectionState | undefined {
  if (grid.count === 0) return undefined;
  if (modifiers.toggle && key.toLowerCase() === "a") {
    const all = new Set(range(0, grid.count - 1));
    return { ...state, selected: all, base: all };
  }
  if (key === "Escape") return { ...state, selected: new Set(), base: new Set() };
  if (key === " ") {
    const selected = toggled(state.selected, state.focus);
    return { ...state, selected, anchor: state.focus, base: selected };
  }
  const focus = moved(state.focus, key, grid.columns, grid.count);
  if (focus === undefined) return undefined;
  if (modifiers.shift) {
    return { ...state, focus, selected: new Set([...state.base, ...range(state.anchor, focus)]) };
  }
  return { ...state, focus, anchor: focus, base: state.selected };
}

/** The boxes a drag-select touched: they alone, or (shift, ctrl/cmd) added to what was selected. */
export function dragSelect(
  state: SelectionState,
  indices: readonly number[],
  modifiers: Modifiers,
): SelectionState {
  const keep = modifiers.shift || modifiers.toggle ? [...state.selected] : [];
  const selected = new Set([...keep, ...indices]);
  const last = indices.at(-1) ?? state.focus;
  return { selected, anchor: indices[0] ?? state.anchor, focus: last, base: selected };
}

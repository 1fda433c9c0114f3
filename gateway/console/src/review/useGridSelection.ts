import { computed, type Ref, shallowRef, watch } from "vue";
import type { ReviewBox as Box } from "./review-box";
import {
  clickAt,
  dragSelect,
  emptySelection,
  type Modifiers,
  pressKey,
  type SelectionState,
} from "./selection-model";

/** The grid's selection over `boxes`; emptied whenever the boxes are read again. */
export function useGridSelection(boxes: Ref<Box[]>) {
  const state = shallowRef<SelectionState>(emptySelection());
  watch(boxes, () => {
    state.value = emptySelection();
  });
  const selectedUuids = computed(() =>
    [...state.value.selected]
      .sort((a, b) => a - b)
      .flatMap((index) => boxes.value[index]?.association_uuid ?? []),
  );
  return {
    state,
    selectedUuids,
    click(index: number, modifiers: Modifiers) {
      state.value = clickAt(state.value, index, modifiers);
    },
    drag(indices: number[], modifiers: Modifiers) {
      state.value = dragSelect(state.value, indices, modifiers);
    },
    /** True when the key was the grid's (the caller then stops the browser's own handling). */
    press(key: string, modifiers: Modifiers, columns: number): boolean {
      const next = pressKey(state.value, key, modifiers, { columns, count: boxes.value.length });
      if (next === undefined) return false;
      state.value = next;
      return true;
    },
  };
}

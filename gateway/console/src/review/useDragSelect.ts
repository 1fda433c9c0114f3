import { onBeforeUnmount, type Ref, ref } from "vue";
import { type GridLayout, indicesIn, type Rectangle, rectangleOf } from "./drag-model";
import type { Modifiers } from "./selection-model";

/** Moves shorter than this, in CSS pixels, are a click, not a drag. */
const DRAG_THRESHOLD = 6;

/**
 * Drag-select on the grid: a rectangle drawn with the mouse from a press on the grid selects the
 * boxes it touches (`selected` gets them), with shift or ctrl/cmd added to those selected. The
 * click that ends a drag is not a click on a box (`wasDrag`).
 */
export function useDragSelect(
  scroller: Ref<HTMLElement | null>,
  layout: () => GridLayout,
  selected: (indices: number[], modifiers: Modifiers) => void,
) {
  const band = ref<Rectangle>();
  let start: { x: number; y: number } | undefined;
  let modifiers: Modifiers = { shift: false, toggle: false };
  let dragged = false;
  let endedDrag = false;

  function pointOf(event: MouseEvent): { x: number; y: number } {
    const element = scroller.value;
    if (!element) return { x: 0, y: 0 };
    const box = element.getBoundingClientRect();
    return {
      x: event.clientX - box.left - element.clientLeft + element.scrollLeft,
      y: event.clientY - box.top - element.clientTop + element.scrollTop,
    };
  }

  function onMove(event: MouseEvent) {
    if (!start) return;
    const now = pointOf(event);
    if (!dragged && Math.hypot(now.x - start.x, now.y - start.y) < DRAG_THRESHOLD) return;
    dragged = true;
    band.value = rectangleOf(start, now);
  }

  function stop() {
    window.removeEventListener("mousemove", onMove);
    window.removeEventListener("mouseup", onUp);
  }

  function onUp() {
    stop();
    if (dragged && band.value) {
      selected(indicesIn(band.value, layout()), modifiers);
      endedDrag = true;
      setTimeout(() => {
        endedDrag = false;
      }, 0);
    }
    band.value = undefined;
    start = undefined;
  }

  function onDown(event: MouseEvent) {
    if (event.button !== 0) return;
    start = pointOf(event);
    modifiers = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
    dragged = false;
    window.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
  }

  onBeforeUnmount(stop);
  return { band, onDown, wasDrag: () => endedDrag };
}

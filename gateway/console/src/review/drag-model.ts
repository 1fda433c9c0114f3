/**
 * Drag-select: which boxes of the grid a rectangle drawn with the mouse touches, from the grid's
 * fixed layout (tiles of one size in rows of `columns`), so boxes in rows not in the page count
 * too. Coordinates are the grid content's, in CSS pixels from its top left.
 */
export interface GridLayout {
  columns: number;
  count: number;
  /** A tile's step across and down, gap included. */
  stepX: number;
  stepY: number;
  /** A tile's own width and height, gap excluded. */
  tileWidth: number;
  tileHeight: number;
  /** The space before the first tile, on both axes. */
  padding: number;
}

export interface Rectangle {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The rectangle between two corners, in either order. */
export function rectangleOf(a: { x: number; y: number }, b: { x: number; y: number }): Rectangle {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}

/** The indices of the tiles the rectangle overlaps, in order. */
export function indicesIn(rectangle: Rectangle, layout: GridLayout): number[] {
  const rows = Math.ceil(layout.count / layout.columns);
  const found: number[] = [];
  for (let row = 0; row < rows; row++) {
    const top = layout.padding + row * layout.stepY;
    if (top > rectangle.bottom || top + layout.tileHeight < rectangle.top) continue;
    for (let column = 0; column < layout.columns; column++) {
      const index = row * layout.columns + column;
      const left = layout.padding + column * layout.stepX;
      if (index < layout.count && left <= rectangle.right && left + layout.tileWidth >= rectangle.left)
        found.push(index);
    }
  }
  return found;
}

import { GridGeometry, HEADER_HEIGHT, ROW_HEADER_WIDTH } from "./grid-geometry";

/** The cell under the pointer in a scrolled grid element, or null over the headers or outside. */
export function cellAtPointer(
  element: HTMLElement,
  geometry: GridGeometry,
  e: MouseEvent,
): { row: number; column: number } | null {
  const rect = element.getBoundingClientRect();
  const x = e.clientX - rect.left - ROW_HEADER_WIDTH;
  const y = e.clientY - rect.top - HEADER_HEIGHT;
  const inside =
    x >= 0 && y >= 0 && x <= element.clientWidth - ROW_HEADER_WIDTH && y <= element.clientHeight - HEADER_HEIGHT;
  if (!inside) return null;
  return { row: geometry.rowAt(y + element.scrollTop), column: geometry.columnAt(x + element.scrollLeft) };
}

/** The column whose right border is under the pointer in the header row (within 4 px), or null. */
export function columnBorderAtPointer(element: HTMLElement, geometry: GridGeometry, e: MouseEvent): number | null {
  const rect = element.getBoundingClientRect();
  const y = e.clientY - rect.top;
  const x = e.clientX - rect.left - ROW_HEADER_WIDTH + element.scrollLeft;
  if (y < 0 || y > HEADER_HEIGHT || x < 0) return null;
  const column = geometry.columnAt(x);
  if (Math.abs(x - geometry.columnLeft(column + 1)) <= 4) return column;
  if (Math.abs(x - geometry.columnLeft(column)) <= 4 && column > 0) return column - 1;
  return null;
}

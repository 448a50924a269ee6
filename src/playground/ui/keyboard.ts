import { MAX_COLUMNS, MAX_ROWS } from "../../sheet";
import { dataEdge, type HasContent } from "./data-edge";
import { Selection, type CellPoint } from "./selection";

export interface GridKeys {
  selection(): Selection;
  select(selection: Selection): void;
  edit(initial?: string): void;
  clear(): void;
  /** Whether a cell holds something: Ctrl+arrows stop at the edges of data. */
  hasContent: HasContent;
  /** The last used cell (Ctrl+End). */
  lastCell(): CellPoint;
  /** Rows and columns in one screenful (PageDown, Alt+PageDown). */
  page(): { rows: number; columns: number };
  /** Selects and scrolls by as many rows and columns (a page key moves the view with the selection). */
  selectPage(selection: Selection, rows: number, columns: number): void;
  undo(): void;
  redo(): void;
  /** Escape: ends the copy marquee. */
  cancel(): void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

function clamp(row: number, column: number): CellPoint {
  return { row: Math.max(0, Math.min(MAX_ROWS - 1, row)), column: Math.max(0, Math.min(MAX_COLUMNS - 1, column)) };
}

/** The selection moved to `to`: the active cell goes there, or (extending) the corner goes there. */
function moveTo(sel: Selection, to: CellPoint, extend: boolean): Selection {
  return extend ? new Selection(sel.active, to) : new Selection(to);
}

function arrow(e: KeyboardEvent, keys: GridKeys, [dr, dc]: [number, number]): void {
  const sel = keys.selection();
  const from = e.shiftKey ? sel.corner : sel.active;
  const to = e.ctrlKey || e.metaKey ? dataEdge(from, dr, dc, keys.hasContent) : clamp(from.row + dr, from.column + dc);
  keys.select(moveTo(sel, to, e.shiftKey));
}

function pageKey(e: KeyboardEvent, keys: GridKeys, sign: number): void {
  const sel = keys.selection();
  const page = keys.page();
  const [dr, dc] = e.altKey ? [0, sign * page.columns] : [sign * page.rows, 0];
  const from = e.shiftKey ? sel.corner : sel.active;
  const to = clamp(from.row + dr, from.column + dc);
  // The view moves by as much as the selection did, so the active cell keeps its place on screen.
  keys.selectPage(moveTo(sel, to, e.shiftKey), to.row - from.row, to.column - from.column);
}

/** Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z. */
function undoKey(e: KeyboardEvent, keys: GridKeys): boolean {
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) keys.undo();
  else if (key === "y" || (key === "z" && e.shiftKey)) keys.redo();
  else return false;
  return true;
}

/**
 * Tab moves right and Shift+Tab left, as in Excel; at the sheet's edge (column XFD, column A) they do what Tab
 * does on a web page and leave the grid, so the keyboard can always get out. Returns false there.
 */
function tabKey(e: KeyboardEvent, keys: GridKeys): boolean {
  const { active } = keys.selection();
  const column = active.column + (e.shiftKey ? -1 : 1);
  if (column < 0 || column >= MAX_COLUMNS) return false;
  keys.select(Selection.at(active.row, column));
  return true;
}

/**
 * Excel's keys on the grid: arrows (Shift extends, Ctrl goes to the edge of the data), Enter, Tab, Home,
 * Ctrl+Home, Ctrl+End, PageUp/PageDown (Alt: a screen sideways), F2 edits, Delete clears, Ctrl+Z/Y undo and redo,
 * typing starts an entry. Returns whether the key was handled (the caller then prevents the browser's default).
 */
export function handleGridKey(e: KeyboardEvent, keys: GridKeys): boolean {
  const sel = keys.selection();
  const ctrl = e.ctrlKey || e.metaKey;
  const direction = ARROWS[e.key];
  if (direction) {
    arrow(e, keys, direction);
    return true;
  }
  switch (e.key) {
    case "Enter":
      keys.select(Selection.at(clamp(sel.active.row + (e.shiftKey ? -1 : 1), 0).row, sel.active.column));
      return true;
    case "Tab":
      return tabKey(e, keys);
    case "Home": {
      const to = ctrl ? { row: 0, column: 0 } : { row: (e.shiftKey ? sel.corner : sel.active).row, column: 0 };
      keys.select(moveTo(sel, to, e.shiftKey));
      return true;
    }
    case "End":
      if (!ctrl) return false;
      keys.select(moveTo(sel, keys.lastCell(), e.shiftKey));
      return true;
    case "PageDown":
    case "PageUp":
      pageKey(e, keys, e.key === "PageDown" ? 1 : -1);
      return true;
    case "F2":
      keys.edit();
      return true;
    case "Delete":
    case "Backspace":
      keys.clear();
      return true;
    case "Escape":
      keys.cancel();
      return true;
  }
  if (ctrl && !e.altKey) return undoKey(e, keys);
  if (e.key.length === 1 && !e.altKey) {
    keys.edit(e.key);
    return true;
  }
  return false;
}

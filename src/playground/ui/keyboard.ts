import { MAX_COLUMNS, MAX_ROWS } from "../../sheet";
import { Selection } from "./selection";

export interface GridKeys {
  selection(): Selection;
  select(selection: Selection): void;
  edit(initial?: string): void;
  clear(): void;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  Enter: [1, 0],
  Tab: [0, 1],
};

function clamp(row: number, column: number): { row: number; column: number } {
  return { row: Math.max(0, Math.min(MAX_ROWS - 1, row)), column: Math.max(0, Math.min(MAX_COLUMNS - 1, column)) };
}

/** Excel's keys on the grid: arrows (Shift extends), Enter/Tab move, F2 edits, Delete clears, typing starts an entry. */
export function handleGridKey(e: KeyboardEvent, keys: GridKeys): boolean {
  const sel = keys.selection();
  const move = MOVES[e.key];
  if (move) {
    const [dr, dc] = e.shiftKey && (e.key === "Enter" || e.key === "Tab") ? [-move[0], -move[1]] : move;
    if (e.shiftKey && e.key.startsWith("Arrow")) {
      keys.select(new Selection(sel.active, clamp(sel.corner.row + dr, sel.corner.column + dc)));
    } else {
      keys.select(new Selection(clamp(sel.active.row + dr, sel.active.column + dc)));
    }
    return true;
  }
  if (e.key === "F2") {
    keys.edit();
    return true;
  }
  if (e.key === "Delete" || e.key === "Backspace") {
    keys.clear();
    return true;
  }
  if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    keys.edit(e.key);
    return true;
  }
  return false;
}

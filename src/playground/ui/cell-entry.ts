import { cellAddress, parseAddress } from "../../sheet";
import type { FunctionCells } from "../function-cells/function-cells";
import type { PlaygroundWorkbook } from "../workbook";
import type { CellEditor, EditEnd } from "./cell-editor";
import type { CellEdits } from "./editing/cell-edits";
import type { GridClipboard } from "./editing/clipboard";
import { entryProblem } from "./entry-check";
import { entryText } from "./entry-text";
import type { FormulaBar } from "./formula-bar";
import type { GridView } from "./grid-view";
import { handleGridKey, type GridKeys } from "./keyboard";
import { Selection } from "./selection";
import type { SheetWriter } from "./sheet-writer";

export interface CellEntryParts {
  grid: GridView;
  editor: CellEditor;
  formulaBar: FormulaBar;
  writer: SheetWriter;
  workbook: Pick<PlaygroundWorkbook, "inspect">;
  functions: Pick<FunctionCells, "ownerOf">;
  edits: CellEdits;
  clipboard: GridClipboard;
  sheet: () => string;
  say(text: string, isError?: boolean): void;
}

const MOVES: Record<EditEnd, [number, number]> = {
  down: [1, 0],
  up: [-1, 0],
  right: [0, 1],
  left: [0, -1],
  stay: [0, 0],
};

/**
 * Typing into cells, as in Excel: keys on the grid (move, start an entry, Delete, undo), the in-cell editor and
 * the formula bar; an entry is written on Enter or Tab and the selection moves on. Each entry, clear and paste is
 * one undo step; Ctrl+C, Ctrl+X and Ctrl+V go through the clipboard events of the focused grid.
 */
export class CellEntry {
  constructor(private readonly p: CellEntryParts) {
    const { grid, editor, formulaBar, clipboard } = p;
    grid.onEditRequest = (initial) => this.start(initial);
    grid.afterPaint = () => {
      if (editor.open) editor.place(grid.activeRect());
    };
    grid.element.addEventListener("keydown", (e) => {
      if (editor.open) return;
      if (handleGridKey(e, this.keys())) e.preventDefault();
    });
    grid.element.addEventListener("copy", (e) => this.clip(e, () => clipboard.copy(e.clipboardData!, false)));
    grid.element.addEventListener("cut", (e) => this.clip(e, () => clipboard.copy(e.clipboardData!, true)));
    grid.element.addEventListener("paste", (e) => this.clip(e, () => void clipboard.paste(e.clipboardData!)));
    const check = (text: string) => entryProblem(text, this.activeFormat());
    const refused = (problem: { message: string }) => p.say(problem.message, true);
    editor.check = check;
    editor.onRefused = refused;
    editor.onCommit = (text, then) => void this.commit(text, then);
    editor.onCancel = () => grid.focus();
    formulaBar.check = check;
    formulaBar.onRefused = refused;
    formulaBar.onCommit = (text) => void this.commit(text, "down");
    formulaBar.onCancel = () => grid.focus();
  }

  private clip(e: ClipboardEvent, act: () => void): void {
    if (this.p.editor.open || !e.clipboardData) return;
    e.preventDefault();
    act();
  }

  private keys(): GridKeys {
    const { grid, workbook, edits, clipboard } = this.p;
    return {
      selection: () => grid.selection,
      select: (sel) => grid.select(sel),
      edit: (initial) => this.start(initial),
      clear: () => void this.clear(),
      hasContent: workbook.inspect.contentTest(this.p.sheet()),
      lastCell: () => {
        const used = workbook.inspect.usedAddress(this.p.sheet());
        if (!used) return { row: 0, column: 0 };
        const b = parseAddress(used);
        return { row: b.row + b.rowCount - 1, column: b.column + b.columnCount - 1 };
      },
      page: () => grid.page(),
      selectPage: (sel, rows, columns) => grid.selectPage(sel, rows, columns),
      undo: () => edits.undo(),
      redo: () => edits.redo(),
      cancel: () => clipboard.cancel(),
    };
  }

  private activeFormat(): string {
    const { row, column } = this.p.grid.selection.active;
    return this.p.workbook.inspect.cell(this.p.sheet(), cellAddress(row, column)).numberFormat;
  }

  /** Shows the active cell in the name box and formula bar. */
  showActiveCell(): void {
    const { grid, workbook, functions, formulaBar } = this.p;
    const { row, column } = grid.selection.active;
    const entry = entryText(workbook, functions, this.p.sheet(), row, column);
    formulaBar.show(grid.selection.address, entry.text, entry.derived);
  }

  private start(initial?: string): void {
    const { grid, workbook, functions, editor } = this.p;
    const { row, column } = grid.selection.active;
    const text = initial ?? entryText(workbook, functions, this.p.sheet(), row, column).text;
    editor.start(text, grid.activeRect());
  }

  private async clear(): Promise<void> {
    const { grid, writer, edits } = this.p;
    const sheet = this.p.sheet();
    const { block, address } = grid.selection;
    await edits.change("Clear", [{ sheet, block }], () => writer.clear(sheet, address));
  }

  private async commit(text: string, then: EditEnd): Promise<void> {
    const { grid, writer, edits, clipboard } = this.p;
    const sheet = this.p.sheet();
    const { row, column } = grid.selection.active;
    clipboard.cancel(); // typing ends a copy's marquee, as in Excel
    const block = { row, column, rowCount: 1, columnCount: 1 };
    await edits.change("Typing", [{ sheet, block }], () => writer.write(sheet, cellAddress(row, column), text));
    if (then === "stay") return; // the editor lost focus to something else: it keeps it
    const [dr, dc] = MOVES[then];
    grid.select(Selection.at(Math.max(0, row + dr), Math.max(0, column + dc)));
    grid.focus();
  }
}

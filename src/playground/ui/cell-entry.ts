import { cellAddress } from "../../sheet";
import type { FunctionCells } from "../function-cells/function-cells";
import type { PlaygroundWorkbook } from "../workbook";
import type { CellEditor, EditEnd } from "./cell-editor";
import { entryText } from "./entry-text";
import type { FormulaBar } from "./formula-bar";
import type { GridView } from "./grid-view";
import { handleGridKey } from "./keyboard";
import { Selection } from "./selection";
import type { SheetWriter } from "./sheet-writer";

export interface CellEntryParts {
  grid: GridView;
  editor: CellEditor;
  formulaBar: FormulaBar;
  writer: SheetWriter;
  workbook: Pick<PlaygroundWorkbook, "inspect">;
  functions: Pick<FunctionCells, "ownerOf">;
  sheet: () => string;
}

/**
 * Typing into cells, as in Excel: keys on the grid (move, start an entry, Delete), the in-cell editor and the
 * formula bar; an entry is written on Enter or Tab and the selection moves on.
 */
export class CellEntry {
  constructor(private readonly p: CellEntryParts) {
    const { grid, editor, formulaBar, writer } = p;
    grid.onEditRequest = (initial) => this.start(initial);
    grid.afterPaint = () => {
      if (editor.open) editor.place(grid.activeRect());
    };
    grid.element.addEventListener("keydown", (e) => {
      if (editor.open) return;
      const handled = handleGridKey(e, {
        selection: () => grid.selection,
        select: (sel) => grid.select(sel),
        edit: (initial) => this.start(initial),
        clear: () => void writer.clear(p.sheet(), grid.selection.address),
      });
      if (handled) e.preventDefault();
    });
    editor.onCommit = (text, then) => void this.commit(text, then);
    editor.onCancel = () => grid.element.focus();
    formulaBar.onCommit = (text) => void this.commit(text, "down");
    formulaBar.onCancel = () => grid.element.focus();
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

  private async commit(text: string, then: EditEnd): Promise<void> {
    const { grid, writer } = this.p;
    const { row, column } = grid.selection.active;
    await writer.write(this.p.sheet(), cellAddress(row, column), text);
    if (then === "down") grid.select(Selection.at(row + 1, column));
    if (then === "right") grid.select(Selection.at(row, column + 1));
    grid.element.focus();
  }
}

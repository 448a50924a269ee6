import { a1Range, type CellBlock } from "../../../sheet";
import type { FunctionCells } from "../../function-cells/function-cells";
import type { PlaygroundWorkbook } from "../../workbook";
import { CellEditor } from "../cell-editor";
import { CellEntry } from "../cell-entry";
import type { FormulaBar } from "../formula-bar";
import type { GridView } from "../grid-view";
import type { SheetWriter } from "../sheet-writer";
import { CellEdits } from "./cell-edits";
import { GridClipboard } from "./clipboard";

export interface GridEditingParts {
  workbook: PlaygroundWorkbook;
  functions: FunctionCells;
  grid: GridView;
  formulaBar: FormulaBar;
  writer: SheetWriter;
  /** The sheet the grid shows. */
  sheet(): string;
  say(text: string, isError?: boolean): void;
  /** Shows a sheet and selects a block on it. */
  reveal(sheet: string, block: CellBlock): void;
}

/** Typing, undo and the clipboard on the grid, wired together: one history for every kind of edit. */
export function createGridEditing(p: GridEditingParts): { edits: CellEdits; entry: CellEntry; editor: CellEditor } {
  const { workbook, grid, writer, say, reveal } = p;
  const edits = new CellEdits({ workbook, say, reveal });
  const clipboard = new GridClipboard({
    workbook,
    edits,
    writeText: (sheet, b, rows) => writer.writeRows(sheet, a1Range(b.row, b.column, b.rowCount, b.columnCount), rows),
    say,
    target: () => ({ sheet: p.sheet(), block: grid.selection.block }),
    reveal,
    marquee: (copied) => {
      grid.copied = copied;
      grid.repaint();
    },
  });
  const editor = new CellEditor(grid.layer);
  const entry = new CellEntry({
    grid,
    editor,
    formulaBar: p.formulaBar,
    writer,
    workbook,
    functions: p.functions,
    edits,
    clipboard,
    sheet: p.sheet,
    say,
  });
  return { edits, entry, editor };
}

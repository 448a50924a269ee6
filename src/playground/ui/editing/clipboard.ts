import { MAX_COLUMNS, MAX_ROWS, a1Range, type CellBlock } from "../../../sheet";
import type { BlockContents, CellContent, PlaygroundWorkbook } from "../../workbook";
import type { CellEdits, SheetBlock } from "./cell-edits";
import { moveCells } from "./cut-move";
import { shiftFormula } from "./reference-shift";
import { parseTsv, toTsv } from "./tsv";

/** The part of a clipboard event's data we use. */
export type ClipboardText = Pick<DataTransfer, "getData" | "setData">;

/** What Ctrl+C or Ctrl+X took: the cells as entered (formulas kept) and the text the system clipboard got. */
interface Copied extends SheetBlock {
  contents: BlockContents;
  tsv: string;
  cut: boolean;
}

export interface ClipboardParts {
  workbook: Pick<PlaygroundWorkbook, "contents" | "putContents" | "inspect">;
  edits: CellEdits;
  /** Writes text as typed (external text goes through Excel's entry rules, as a paste of text does). */
  writeText(sheet: string, block: CellBlock, rows: string[][]): Promise<void>;
  say(text: string, isError?: boolean): void;
  /** The selection now. */
  target(): SheetBlock;
  /** Shows and selects where the paste went. */
  reveal(sheet: string, block: CellBlock): void;
  /** Draws (or, undefined, removes) the copy marquee. */
  marquee(copied: SheetBlock | undefined): void;
}

/** The most cells a copy takes (their text and contents are held in the page). */
const COPY_LIMIT = 2_000_000;

const blockA1 = (b: CellBlock) => a1Range(b.row, b.column, b.rowCount, b.columnCount);

/** A block of `source`'s size repeated over `target` when it is a whole multiple of it (Excel fills it), else once. */
function pasteArea(source: BlockContents, target: CellBlock): CellBlock {
  const tiles = target.rowCount % source.rowCount === 0 && target.columnCount % source.columnCount === 0;
  return tiles ? target : { ...target, rowCount: source.rowCount, columnCount: source.columnCount };
}

/**
 * Ctrl+C, Ctrl+X and Ctrl+V on the grid, as in Excel. The system clipboard gets the cells' text as TSV (what other
 * programs paste); we keep the cells themselves, so a paste of our own copy brings formulas, with relative
 * references moved by the paste offset (`$` parts kept; moved off the sheet, #REF!), number formats and styles.
 * A cut moves the cells once: formulas keep pointing where they pointed, and references to the moved cells
 * anywhere in the workbook follow them. Text from elsewhere is entered as if typed. Each paste is one undo step.
 */
export class GridClipboard {
  #copied: Copied | undefined;

  constructor(private readonly p: ClipboardParts) {}

  copy(data: ClipboardText, cut: boolean): void {
    const { sheet, block } = this.p.target();
    const address = blockA1(block);
    const entries = this.p.workbook.inspect.entries(sheet, address);
    if (entries > COPY_LIMIT) {
      return this.p.say(`The selection holds ${entries.toLocaleString("en-US")} cells: too many to copy here.`, true);
    }
    const text = this.p.workbook.inspect.text(sheet, address);
    const tsv = toTsv(text);
    data.setData("text/plain", tsv);
    this.#copied = { sheet, block, contents: this.p.workbook.contents(sheet, address), tsv, cut };
    this.p.marquee({ sheet, block });
  }

  /** Escape, or an entry typed over the grid: the marquee goes; a copy can still be pasted, a cut no longer. */
  cancel(): void {
    if (this.#copied?.cut) this.#copied = undefined;
    this.p.marquee(undefined);
  }

  async paste(data: ClipboardText): Promise<void> {
    const text = data.getData("text/plain");
    const copied = this.#copied;
    if (copied && text.replace(/\r\n/g, "\n") === copied.tsv.replace(/\r\n/g, "\n")) {
      // As in Excel, what is pasted is what the copied cells hold now.
      const exists = this.p.workbook.inspect.sheetNames().some((n) => n.toLowerCase() === copied.sheet.toLowerCase());
      const contents = exists ? this.p.workbook.contents(copied.sheet, blockA1(copied.block)) : copied.contents;
      if (copied.cut && !exists) return this.cancel(); // its sheet was deleted: nothing left to move
      const now = { ...copied, contents };
      return copied.cut ? this.#move(now) : this.#pasteCells(now);
    }
    if (text === "") return;
    const rows = parseTsv(text);
    const width = Math.max(...rows.map((r) => r.length));
    const padded = rows.map((r) => [...r, ...Array<string>(width - r.length).fill("")]);
    const target = this.p.target();
    const block = pasteArea({ rowCount: padded.length, columnCount: width, cells: [] }, target.block);
    if (!this.#fits(block)) return;
    const tiled = Array.from({ length: block.rowCount }, (_, i) =>
      Array.from({ length: block.columnCount }, (_, j) => padded[i % padded.length]![j % width]!),
    );
    await this.p.edits.change("Paste", [{ sheet: target.sheet, block }], () =>
      this.p.writeText(target.sheet, block, tiled),
    );
    this.p.reveal(target.sheet, block);
  }

  #fits(block: CellBlock): boolean {
    if (block.row + block.rowCount <= MAX_ROWS && block.column + block.columnCount <= MAX_COLUMNS) return true;
    this.p.say("The paste would go past the edge of the sheet: select a cell with room for it.", true);
    return false;
  }

  async #pasteCells(copied: Copied): Promise<void> {
    const target = this.p.target();
    const source = copied.contents;
    const block = pasteArea(source, target.block);
    if (!this.#fits(block)) return;
    const cells: CellContent[] = [];
    for (let top = 0; top < block.rowCount; top += source.rowCount) {
      for (let left = 0; left < block.columnCount; left += source.columnCount) {
        const rows = block.row + top - copied.block.row;
        const columns = block.column + left - copied.block.column;
        for (const cell of source.cells) {
          const pasted = { ...cell, row: cell.row + top, column: cell.column + left };
          if (cell.formula !== undefined) pasted.formula = shiftFormula(cell.formula, rows, columns);
          cells.push(pasted);
        }
      }
    }
    const contents = { rowCount: block.rowCount, columnCount: block.columnCount, cells };
    await this.p.edits.change("Paste", [{ sheet: target.sheet, block }], async () =>
      this.p.workbook.putContents(target.sheet, block.row, block.column, contents),
    );
    this.p.reveal(target.sheet, block);
  }

  async #move(copied: Copied): Promise<void> {
    const target = this.p.target();
    const block = { ...target.block, rowCount: copied.block.rowCount, columnCount: copied.block.columnCount };
    if (!this.#fits(block)) return;
    await moveCells(this.p.workbook, this.p.edits, copied, { sheet: target.sheet, block });
    this.#copied = undefined;
    this.p.marquee(undefined);
    this.p.reveal(target.sheet, block);
  }
}

import { a1Range, type CellBlock } from "../../../sheet";
import type { BlockContents, PlaygroundWorkbook } from "../../workbook";
import type { CellEdits, SheetBlock } from "./cell-edits";
import { followMove, type CellMove } from "./reference-shift";

const blockA1 = (b: CellBlock) => a1Range(b.row, b.column, b.rowCount, b.columnCount);

const inside = (blocks: readonly SheetBlock[], sheet: string, row: number, column: number) =>
  blocks.some(
    ({ sheet: s, block: b }) =>
      s.toLowerCase() === sheet.toLowerCase() &&
      row >= b.row &&
      row < b.row + b.rowCount &&
      column >= b.column &&
      column < b.column + b.columnCount,
  );

type Workbook = Pick<PlaygroundWorkbook, "contents" | "putContents" | "inspect">;

/** Formulas outside the moved cells whose references follow them: where they are and their new text. */
function followers(workbook: Workbook, move: CellMove, skip: readonly SheetBlock[]) {
  const { inspect } = workbook;
  return inspect.sheetNames().flatMap((sheet) =>
    inspect.formulaCells(sheet).flatMap(({ row, column, formula }) => {
      if (inside(skip, sheet, row, column)) return [];
      const moved = followMove(formula, { from: sheet, to: sheet }, move);
      if (moved === formula) return [];
      return [{ at: { sheet, block: { row, column, rowCount: 1, columnCount: 1 } }, formula: moved }];
    }),
  );
}

/**
 * Cut and paste, as one undo step: the cut cells (`from`, holding `contents`) go to `to` (a block of their size),
 * their formulas still pointing where they pointed; the cells they left are emptied; every formula in the workbook
 * whose reference lies wholly inside the moved block follows it.
 */
export async function moveCells(
  workbook: Workbook,
  edits: CellEdits,
  from: SheetBlock & { contents: BlockContents },
  to: SheetBlock,
): Promise<void> {
  const move: CellMove = {
    sheet: from.sheet,
    block: from.block,
    toSheet: to.sheet,
    rows: to.block.row - from.block.row,
    columns: to.block.column - from.block.column,
  };
  const home = { from: from.sheet, to: to.sheet };
  const moved = {
    ...from.contents,
    cells: from.contents.cells.map((c) =>
      c.formula === undefined ? c : { ...c, formula: followMove(c.formula, home, move) },
    ),
  };
  const others = followers(workbook, move, [from, to]);
  const blocks: SheetBlock[] = [to, { sheet: from.sheet, block: from.block }, ...others.map((o) => o.at)];
  await edits.change("Cut and paste", blocks, async () => {
    workbook.putContents(from.sheet, from.block.row, from.block.column, { ...from.contents, cells: [] });
    workbook.putContents(to.sheet, to.block.row, to.block.column, moved);
    for (const { at, formula } of others) {
      const [cell] = workbook.contents(at.sheet, blockA1(at.block)).cells;
      const contents = { rowCount: 1, columnCount: 1, cells: [{ ...cell, row: 0, column: 0, formula }] };
      workbook.putContents(at.sheet, at.block.row, at.block.column, contents);
    }
  });
}

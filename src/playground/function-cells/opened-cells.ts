import { cellAddress } from "../../sheet";
import type { ChangeEvent, OpenedFormula, OpenedSpill, PlaygroundWorkbook, SpillBlock, Stored } from "../workbook";
import { blockContains } from "../../formulas";
import { FunctionCell, positionKey } from "./function-cell";

type OpenedSpillOf = OpenedSpill & { formula: string };

/** What a reopened formula had when the file was saved: the value its anchor showed and the block it spilled. */
export interface OpenedState {
  value: Stored | undefined;
  spill?: OpenedSpillOf;
}

/**
 * The SERVICE formulas of a reopened file until each is calculated for the first time: the value each showed and
 * the block each spilled, so that its first calculation either keeps them (a function Excel does not run again on
 * open) or replaces them with its new result instead of being blocked by them.
 */
export class OpenedCells {
  readonly #spills = new Map<string, OpenedSpillOf>();
  readonly #formulas = new Map<string, OpenedFormula>();

  constructor(
    spills: readonly OpenedSpill[],
    formulas: readonly OpenedFormula[],
    isCall: (formula: string) => boolean,
    formulaAt: (sheet: string, row: number, column: number) => string | null,
  ) {
    for (const f of formulas) if (isCall(f.formula)) this.#formulas.set(positionKey(f.sheet, f.row, f.column), f);
    for (const spill of spills) {
      const formula = formulaAt(spill.sheet, spill.row, spill.column);
      // The workbook's own formulas (=SEQUENCE(5)) keep their spills themselves.
      if (formula !== null && isCall(formula))
        this.#spills.set(positionKey(spill.sheet, spill.row, spill.column), { ...spill, formula });
    }
  }

  /** The first calculation of a reopened formula takes what the file had for it (once). */
  take(sheet: string, row: number, column: number, formula: string): OpenedState | undefined {
    const key = positionKey(sheet, row, column);
    const saved = this.#formulas.get(key);
    const spill = this.#spills.get(key);
    this.#formulas.delete(key);
    // Another formula typed over the anchor does not own the old spill (the change event clears it).
    if (spill?.formula === formula) this.#spills.delete(key);
    if (saved?.formula !== formula) return undefined;
    return { value: saved.value, spill: spill?.formula === formula ? spill : undefined };
  }

  /** The reopened spills not calculated since: still the formulas' own when the file is saved again. */
  spills(): SpillBlock[] {
    return [...this.#spills.values()].map(({ sheet, row, column, rowCount, columnCount }) => ({
      sheet,
      row,
      column,
      rowCount,
      columnCount,
    }));
  }

  /**
   * A change of the workbook: a reopened formula cleared or replaced before it was calculated takes its spill
   * with it, as in Excel (cells written since keep what was written); `clear` empties such a spill.
   */
  changed(
    event: ChangeEvent,
    workbook: Pick<PlaygroundWorkbook, "inspect">,
    clear: (gone: FunctionCell) => void,
  ): void {
    const sheets = new Set(workbook.inspect.sheetNames().map((n) => n.toLowerCase()));
    for (const [key, spill] of [...this.#spills]) {
      const sheet = spill.sheet.toLowerCase();
      if (sheets.has(sheet) && sheet !== event.sheet.toLowerCase()) continue;
      if (sheets.has(sheet) && event.block && !blockContains(event.block, spill.row, spill.column)) continue;
      if (!sheets.has(sheet)) {
        this.#spills.delete(key);
      } else if (workbook.inspect.cell(spill.sheet, cellAddress(spill.row, spill.column)).formula !== spill.formula) {
        this.#spills.delete(key);
        const gone = new FunctionCell(spill.sheet, spill.row, spill.column, spill.formula, "");
        const { row, column, rowCount, columnCount, values } = spill;
        gone.spilled = { block: { row, column, rowCount, columnCount }, values };
        clear(gone);
      }
    }
  }
}

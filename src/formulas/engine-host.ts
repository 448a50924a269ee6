import type { CellBlock } from "../sheet";
import type { Scalar } from "./values";

/** What the engine needs from the workbook that holds the cells (the playground's, or a file being refreshed). */
export interface EngineHost {
  /** The workbook's spelling of a sheet name given in any case, or null when there is no such sheet. */
  sheetNamed(name: string): string | null;
  sheets(): string[];
  /** A cell's value now; null when empty. */
  value(sheet: string, row: number, column: number): Scalar;
  /** Whether a cell holds anything (a value or a formula): such a cell blocks a spill. */
  hasContent(sheet: string, row: number, column: number): boolean;
  /** Rows and columns up to the last used cell (0 when the sheet is empty); whole columns and rows end there. */
  extent(sheet: string): { rows: number; columns: number };
  /** Every formula in a block of a sheet (as typed, with "="). */
  formulasIn(sheet: string, block: CellBlock, visit: (row: number, column: number, formula: string) => void): void;
  /** Writes what the engine computed: undefined empties a cell, null leaves it as it is. Never reported back as a change. */
  write(sheet: string, row: number, column: number, values: readonly (readonly (Scalar | undefined)[])[]): void;
  /**
   * A formula that calls a function living outside the engine (an add-in's): its value now (the host computes it,
   * maybe asynchronously, and reports the cells it fills as changed), or undefined when the formula is not such a
   * call.
   */
  external?(formula: string, sheet: string, row: number, column: number): Scalar | undefined;
  /** The block such an external formula spilled into, if it did. */
  externalSpill?(sheet: string, row: number, column: number): CellBlock | undefined;
  /** Whether a function name is an external one (it cannot be part of a larger expression). */
  isExternal?(name: string): boolean;
  /**
   * The external functions there are (qualified, as "SERVICE.DATASET"), from the add-in's own list: a call of
   * another name in their namespace is #NAME? with a message naming them.
   */
  externalFunctions?(): readonly string[];
}

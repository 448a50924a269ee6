import type { FormulaError, Matrix, RangeRef } from "./values";

/** What evaluating one formula needs from the workbook around it. */
export interface EvalContext {
  /** The formula's own cell. */
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
  /** The workbook's spelling of a sheet name (any case), or null when there is no such sheet. */
  sheetNamed(name: string): string | null;
  /** The values of a range (whole rows and columns end at the sheet's last used cell); records the dependency. */
  read(ref: RangeRef): Matrix;
  /** `A1#`: the range A1's formula spills into now. */
  spillOf(sheet: string, row: number, column: number): RangeRef | FormulaError;
  /** The clock's time, in milliseconds since the epoch (TODAY and NOW), which makes the formula volatile. */
  now(): number;
  /** Marks the formula volatile without reading the clock (RAND). */
  volatile(): void;
  /** Functions that live outside the engine (an add-in's), only callable as a whole formula. */
  isExternal(name: string): boolean;
  /** Those functions by name, when the host knows them (for the message of a misspelt one). */
  externalFunctions(): readonly string[] | undefined;
}

import { cellAddress, type CellBlock } from "../../sheet";
import type { EngineHost, Scalar } from "../../formulas";
import type { SheetState } from "./cell-types";
import type { WorkbookState } from "./workbook-state";

/** How the workbook lets the formula engine reach functions it does not evaluate itself (the add-in's). */
export interface ExternalFunctions {
  /** Evaluates a formula that is a call of such a function; undefined when it is not one. */
  evaluate(formula: string, cell: { sheet: string; address: string; row: number; column: number }): Scalar | undefined;
  isExternal?(name: string): boolean;
  /** The add-in's functions by qualified name (the message of a misspelt one lists them). */
  names?(): readonly string[];
  /** The block such a formula's result spilled into. */
  spillAt?(sheet: string, row: number, column: number): CellBlock | undefined;
}

/** The formula engine's view of the workbook: values and formulas by sheet name; writes recorded as changes. */
export function engineHost(state: WorkbookState, external?: ExternalFunctions): EngineHost {
  const sheet = (name: string): SheetState | undefined => state.sheetByName(name);
  return {
    sheetNamed: (name) => sheet(name)?.name ?? null,
    sheets: () => state.sheets.map((s) => s.name),
    value: (name, row, column) => sheet(name)?.values.get(row, column) ?? null,
    hasContent: (name, row, column) => {
      const s = sheet(name);
      return s !== undefined && (s.values.get(row, column) !== undefined || s.formulas.get(row, column) !== undefined);
    },
    extent: (name) => {
      const s = sheet(name);
      if (!s) return { rows: 0, columns: 0 };
      return {
        rows: Math.max(s.values.maxRow(), s.formulas.maxRow()) + 1,
        columns: Math.max(s.values.maxColumn(), s.formulas.maxColumn()) + 1,
      };
    },
    formulasIn: (name, block, visit) => sheet(name)?.formulas.forEachIn(block, visit),
    write: (name, row, column, values) => {
      const s = sheet(name);
      if (!s) return;
      let columnCount = 0;
      values.forEach((line, i) => {
        columnCount = Math.max(columnCount, line.length);
        line.forEach((v, j) => {
          if (v === null) return;
          if (v === undefined) s.values.delete(row + i, column + j);
          else s.values.set(row + i, column + j, v);
        });
      });
      if (values.length > 0 && columnCount > 0)
        state.changes.touch(s.id, { row, column, rowCount: values.length, columnCount }, false);
    },
    external: external
      ? (formula, name, row, column) =>
          external.evaluate(formula, { sheet: name, address: cellAddress(row, column), row, column })
      : undefined,
    isExternal: external?.isExternal,
    externalFunctions: external?.names,
    externalSpill: external?.spillAt,
  };
}

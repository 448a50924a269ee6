import type { FormulaCell } from "../../excel";
import type { QueryReportRow } from "../../functions";

/** The Report's rows with the cells the workbook holds, and the SERVICE.QUERY cells no row could name. */
export interface WorkbookCells {
  rows: QueryReportRow[];
  /** SERVICE.QUERY cells on the sheets that no row names, even after matching formulas. */
  unnamed: string[];
  /** Some cell came without an address: this Excel build gives streaming functions none. */
  addressesMissing: boolean;
}

/**
 * Excel runs cells with identical arguments as one stream (custom-functions-web-reqs.md: "Excel reuses the existing
 * stream rather than creating a new one"), whose address names one of them, and older builds give no address: the
 * invocations alone undercount the Report's cells. Cells read from the workbook fill the gap: a SERVICE.QUERY cell
 * no invocation names shares a stream with a named cell of identical arguments, and the same formula text on the
 * same sheet (or, when only one row has it, anywhere) has identical arguments. What still cannot be placed is
 * listed apart, never dropped.
 */
export function withWorkbookCells(rows: readonly QueryReportRow[], found: readonly FormulaCell[]): WorkbookCells {
  // A row whose cells gave no address at all (not merely an invocation not yet cancelled at a named address).
  const addressesMissing = rows.some((row) => row.cellCount > 0 && row.cells.length === 0);
  const byAddress = new Map(found.map((cell) => [cell.address, cell]));
  const named = new Set(rows.flatMap((row) => row.cells));
  const bySheetFormula = new Map<string, Set<number>>();
  const byFormula = new Map<string, Set<number>>();
  const note = (map: Map<string, Set<number>>, key: string, index: number): void => {
    map.set(key, (map.get(key) ?? new Set()).add(index));
  };
  rows.forEach((row, index) => {
    for (const address of row.cells) {
      const cell = byAddress.get(address);
      if (!cell) continue;
      note(bySheetFormula, `${cell.sheet}\n${cell.formula}`, index);
      note(byFormula, cell.formula, index);
    }
  });
  const extra = rows.map(() => [] as string[]);
  const unnamed: string[] = [];
  for (const cell of found) {
    if (named.has(cell.address)) continue;
    const sameSheet = bySheetFormula.get(`${cell.sheet}\n${cell.formula}`);
    const anywhere = byFormula.get(cell.formula);
    const only = (set: Set<number> | undefined): number | undefined =>
      set && set.size === 1 ? [...set][0] : undefined;
    const index = only(sameSheet) ?? (sameSheet ? undefined : only(anywhere));
    if (index === undefined) unnamed.push(cell.address);
    else extra[index]!.push(cell.address);
  }
  return {
    rows: rows.map((row, index) => {
      if (extra[index]!.length === 0) return row;
      const cells = [...row.cells, ...extra[index]!];
      return { ...row, cells, cellCount: Math.max(row.cellCount, cells.length) };
    }),
    unnamed,
    addressesMissing,
  };
}

/** What the Report says under its rows about cells it could not place (empty when there are none). */
export function unnamedCellsText(cells: WorkbookCells): string {
  if (cells.unnamed.length === 0) return "";
  const list = cells.unnamed.join(", ");
  if (cells.addressesMissing) {
    return (
      "This Excel build does not tell the add-in which cell each SERVICE.QUERY call comes from, so the rows cannot " +
      `name their cells, and run=on_change cannot work (run them from here). SERVICE.QUERY cells on the sheets: ${list}.`
    );
  }
  return `Also on the sheets: ${list} (SERVICE.QUERY cells whose set of inputs could not be told from their formula).`;
}

import { FormulaEngine } from "../formulas";
import { parseAddress } from "../sheet";
import type { ServiceCell, WorkbookFile } from "../xlsx";
import { typedFormula, UDF_NAMESPACES } from "./formula-text";
import { toScalar, WorkbookHost } from "./workbook-host";

/**
 * The file's cells in a host for the formula engine: values as Excel cached them, every formula (names resolved),
 * and the SERVICE cells marked external with the ranges their results fill. What-if data tables stay values: the
 * engine does not compute them.
 */
export function buildHost(book: WorkbookFile, serviceCells: readonly ServiceCell[]): WorkbookHost {
  const host = new WorkbookHost();
  for (const sheet of book.worksheets()) {
    const name = sheet.info.name;
    host.addSheet(name);
    for (const cell of sheet.cells.values()) {
      if (cell.value !== null) host.setValue(name, cell.row, cell.column, toScalar(cell.value));
      const f = cell.formula;
      if (f && f.kind !== "dataTable")
        host.setFormula(name, cell.row, cell.column, typedFormula(f.text, name, book.definedNames));
    }
  }
  for (const cell of serviceCells) host.setExternal(cell.sheet, parseAddress(cell.spillRef));
  return host;
}

/**
 * Starts the engine over the host and calculates every formula once at `now` (TODAY and NOW read it), so inputs
 * computed by formulas hold today's values, not what the file cached. The file's spills of other array formulas
 * are theirs (a new result replaces them rather than being blocked by them).
 */
export function startEngine(
  host: WorkbookHost,
  book: WorkbookFile,
  serviceCells: readonly ServiceCell[],
  now: () => number,
): FormulaEngine {
  const engine = new FormulaEngine(host, { clock: { now }, udfNamespaces: UDF_NAMESPACES });
  engine.rebuild();
  const service = new Set(serviceCells.map((c) => `${c.sheet.toLowerCase()}!${c.ref}`));
  for (const sheet of book.worksheets()) {
    for (const cell of sheet.cells.values()) {
      const f = cell.formula;
      if (!f?.ref || f.kind !== "array" || service.has(`${sheet.info.name.toLowerCase()}!${cell.ref}`)) continue;
      const block = parseAddress(f.ref);
      engine.adoptSpill({ ...block, sheet: sheet.info.name });
    }
  }
  engine.recalculate();
  return engine;
}

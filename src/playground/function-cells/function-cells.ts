import { cellAddress, parseA1, type CellBlock } from "../../sheet";
import type { FakeCustomFunctionsRuntime } from "../custom-functions";
import type { ArgumentValue } from "../formulas/resolve-args";
import type { ChangeEvent, FormulaHook, OpenedSpill, PlaygroundWorkbook, SpillBlock, Stored } from "../workbook";
import { workbookCellReader } from "./cell-reader";
import { dispatchFormula } from "./formula-dispatch";
import { FunctionCell, positionKey } from "./function-cell";
import type { CatalogEntry, FunctionCatalog } from "./function-catalog";
import { shapeResult } from "./result-shape";
import { SpillLayout } from "./spill-layout";
import { startInvocation } from "./start-invocation";
import { blockContains, blocksIntersect } from "../../formulas";

export type FunctionCellsWorkbook = Pick<PlaygroundWorkbook, "inspect" | "writeComputed" | "onChange"> &
  Partial<Pick<PlaygroundWorkbook, "openedSpills">>;

export interface FunctionCellsOptions {
  runtime: FakeCustomFunctionsRuntime;
  catalog: FunctionCatalog;
  /** Runs work after the current sync (the hook runs inside one); default queueMicrotask. */
  defer?: (task: () => void) => void;
}

/**
 * The cells whose formula calls a custom function. The workbook's formula engine calls `hook` for such a formula
 * when it is entered and whenever a cell it refers to changed (or on a full calculation); a call with new
 * arguments cancels the cell's invocation and starts another, the same arguments keep it. Results (each setResult of a streaming function) are laid out as spills. Change
 * events tell us when a formula cell was cleared or edited (cancel) or a spill area was written over or freed.
 */
export class FunctionCells {
  readonly #cells = new Map<string, FunctionCell>();
  readonly #listeners = new Set<() => void>();
  /** Spills of the reopened file whose formula has not been calculated yet, by anchor. */
  readonly #opened = new Map<string, OpenedSpill & { formula: string }>();
  readonly #defer: (task: () => void) => void;
  readonly #layout: SpillLayout;
  #workbook: FunctionCellsWorkbook | undefined;
  #writing = 0;

  constructor(private readonly options: FunctionCellsOptions) {
    this.#defer = options.defer ?? ((task) => queueMicrotask(task));
    this.#layout = new SpillLayout(
      () => this.#wb(),
      (sheet, row, column, values) => {
        this.#writing++;
        try {
          this.#wb().writeComputed(sheet, row, column, values);
        } finally {
          this.#writing--;
        }
      },
      (cell) =>
        this.all().flatMap((c) =>
          c !== cell && c.sheet.toLowerCase() === cell.sheet.toLowerCase() && c.spilled ? [c.spilled.block] : [],
        ),
    );
    this.#layout.onCleared = (sheet, block) => this.#unblock(sheet, block);
  }

  /**
   * Our own writes are invisible to our change listener, so when a spill goes away the formulas it blocked
   * are laid out again here (after the current work, never inside another layout).
   */
  #unblock(sheet: string, block: CellBlock): void {
    this.#defer(() => {
      const s = sheet.toLowerCase();
      for (const cell of this.all()) {
        if (cell.canceled || cell.spilled || !cell.wanted || cell.sheet.toLowerCase() !== s) continue;
        if (blocksIntersect(cell.wanted, block)) this.#layout.layout(cell);
      }
      this.#emit();
    });
  }

  /** Connects the workbook (created with `hook` as its evaluateFormula, so it comes second). */
  attach(workbook: FunctionCellsWorkbook): void {
    this.#workbook = workbook;
    for (const spill of workbook.openedSpills ?? []) {
      const formula = workbook.inspect.cell(spill.sheet, cellAddress(spill.row, spill.column)).formula;
      // The workbook's own formulas (=SEQUENCE(5)) keep their spills themselves.
      if (formula !== null && this.#isCall(formula))
        this.#opened.set(positionKey(spill.sheet, spill.row, spill.column), { ...spill, formula });
    }
    workbook.onChange((event) => this.#onChange(event));
  }

  #isCall(formula: string): boolean {
    const name = /^=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\(/.exec(formula)?.[1];
    return name !== undefined && this.options.catalog.inNamespace(name);
  }

  readonly hook: FormulaHook = (formula, at) => this.#evaluate(formula, at.sheet, at.address);

  all(): FunctionCell[] {
    return [...this.#cells.values()];
  }

  /** Every spilled block now, for the file: with it, a reopened workbook's formulas replace their own spills. */
  spills(): SpillBlock[] {
    const laidOut = this.all().flatMap((c) => (c.spilled ? [{ sheet: c.sheet, ...c.spilled.block }] : []));
    // Spills reopened but not calculated since are still the formulas' own.
    return [
      ...laidOut,
      ...[...this.#opened.values()].map(({ sheet, row, column, rowCount, columnCount }) => ({
        sheet,
        row,
        column,
        rowCount,
        columnCount,
      })),
    ];
  }

  /** The formula cell a cell belongs to: itself (anchor) or the one that spilled into it. */
  ownerOf(sheet: string, row: number, column: number): FunctionCell | undefined {
    const own = this.#cells.get(positionKey(sheet, row, column));
    if (own) return own;
    const s = sheet.toLowerCase();
    return this.all().find(
      (c) => c.sheet.toLowerCase() === s && c.spilled && blockContains(c.spilled.block, row, column),
    );
  }

  /** Called after results and layout changes (the grid repaints hover texts). */
  onUpdate(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #wb(): FunctionCellsWorkbook {
    if (!this.#workbook) throw new Error("FunctionCells is not attached to a workbook");
    return this.#workbook;
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  #evaluate(formula: string, sheet: string, address: string): Stored | undefined {
    const { catalog, runtime } = this.options;
    const d = dispatchFormula(formula, sheet, catalog, runtime.ids, workbookCellReader(this.#wb()));
    if (d.kind === "not-ours") return undefined;
    const { row, column } = parseA1(address);
    const current = this.#cells.get(positionKey(sheet, row, column));
    // The same call as before (a recalculation): the running invocation stays, the cell keeps what it shows.
    if (current && !current.canceled && current.key === d.key && current.formula === formula) return current.display;
    const cell = this.#replace(new FunctionCell(sheet, row, column, formula, d.key));
    this.#adoptOpened(cell);
    if (d.kind === "error") {
      cell.display = d.error;
      cell.message = d.message;
      cell.result = { values: [[d.error]], messages: new Map(d.message ? [["0,0", d.message]] : []) };
      this.#defer(() => this.#layout.layout(cell));
    } else {
      const { entry, args } = d;
      this.#defer(() => this.#start(cell, entry, args));
    }
    return cell.display;
  }

  /**
   * The first calculation of a reopened workbook's formula: the block it spilled before the file was saved is its
   * own, so its new result replaces those cells (those still holding what was spilled there) instead of being
   * blocked by them.
   */
  #adoptOpened(cell: FunctionCell): void {
    const key = positionKey(cell.sheet, cell.row, cell.column);
    const opened = this.#opened.get(key);
    // Another formula typed over the anchor does not own the old spill (the change event clears it).
    if (!opened || opened.formula !== cell.formula) return;
    this.#opened.delete(key);
    const { row, column, rowCount, columnCount, values } = opened;
    cell.spilled = { block: { row, column, rowCount, columnCount }, values };
  }

  #replace(cell: FunctionCell): FunctionCell {
    const key = positionKey(cell.sheet, cell.row, cell.column);
    const old = this.#cells.get(key);
    this.#cells.set(key, cell);
    if (old) this.#retire(old);
    return cell;
  }

  #retire(cell: FunctionCell): void {
    cell.cancel();
    // Never write into the workbook from inside a sync (the hook runs there): clear the old spill afterwards.
    this.#defer(() => {
      this.#layout.clear(cell);
      this.#emit();
    });
  }

  #start(cell: FunctionCell, entry: CatalogEntry, values: ArgumentValue[]): void {
    if (cell.canceled) return;
    startInvocation(this.options.runtime, cell, entry, values, (raw) => {
      if (cell.canceled) return;
      cell.result = shapeResult(raw);
      this.#layout.layout(cell);
      this.#emit();
    });
  }

  #onChange(event: ChangeEvent): void {
    if (this.#writing > 0) return;
    const wb = this.#wb();
    const sheets = new Set(wb.inspect.sheetNames().map((n) => n.toLowerCase()));
    // A reopened spill whose formula was cleared or replaced before it was calculated.
    for (const [key, spill] of [...this.#opened]) {
      const sheet = spill.sheet.toLowerCase();
      if (sheets.has(sheet) && sheet !== event.sheet.toLowerCase()) continue;
      if (sheets.has(sheet) && event.block && !blockContains(event.block, spill.row, spill.column)) continue;
      if (!sheets.has(sheet)) {
        this.#opened.delete(key);
      } else if (wb.inspect.cell(spill.sheet, cellAddress(spill.row, spill.column)).formula !== spill.formula) {
        // As in Excel, the spill goes with its formula (cells written since keep what was written).
        this.#opened.delete(key);
        const gone = new FunctionCell(spill.sheet, spill.row, spill.column, spill.formula, "");
        const { row, column, rowCount, columnCount, values } = spill;
        gone.spilled = { block: { row, column, rowCount, columnCount }, values };
        this.#layout.clear(gone);
      }
    }
    for (const [key, cell] of [...this.#cells]) {
      const sheet = cell.sheet.toLowerCase();
      if (!sheets.has(sheet)) {
        cell.cancel();
        this.#cells.delete(key);
        continue;
      }
      if (sheet !== event.sheet.toLowerCase()) continue;
      const block = event.block;
      if (!block || blockContains(block, cell.row, cell.column)) {
        if (wb.inspect.cell(cell.sheet, cellAddress(cell.row, cell.column)).formula !== cell.formula) {
          this.#cells.delete(key);
          cell.cancel();
          this.#layout.clear(cell);
          continue;
        }
      }
      const area = cell.wanted;
      if (!block || !area || !blocksIntersect(block, area)) continue;
      // Written over: the anchor shows #SPILL!; freed: it spills again. Either way, lay the result out again.
      if (!cell.spilled || !this.#layout.intact(cell)) this.#layout.layout(cell);
    }
    this.#emit();
  }
}

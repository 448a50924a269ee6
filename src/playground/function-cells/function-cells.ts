import { cellAddress, parseA1, type CellBlock } from "../../sheet";
import { DEFAULT_BEHAVIOUR, type ExcelBehaviour } from "../behaviour/excel-behaviour";
import type { FakeCustomFunctionsRuntime } from "../custom-functions";
import type { ArgumentValue } from "../formulas/resolve-args";
import {
  CellError,
  type ChangeEvent,
  type FormulaHook,
  type PlaygroundWorkbook,
  type SpillBlock,
  type Stored,
} from "../workbook";
import { workbookCellReader } from "./cell-reader";
import { CellInvocations } from "./cell-invocations";
import { dispatchFormula } from "./formula-dispatch";
import { FunctionCell, positionKey } from "./function-cell";
import type { CatalogEntry, FunctionCatalog } from "./function-catalog";
import { OpenedCells } from "./opened-cells";
import { fromFile, runsOnOpen, showPending, takeOver } from "./pending-display";
import { ResultBatch } from "./result-batch";
import { shapeResult } from "./result-shape";
import { SpillLayout } from "./spill-layout";
import { blockContains, blocksIntersect } from "../../formulas";

export type FunctionCellsWorkbook = Pick<PlaygroundWorkbook, "inspect" | "writeComputed" | "onChange"> &
  Partial<Pick<PlaygroundWorkbook, "openedSpills" | "openedFormulas">>;

export interface FunctionCellsOptions {
  runtime: FakeCustomFunctionsRuntime;
  catalog: FunctionCatalog;
  /** Runs work after the current sync (the hook runs inside one); default queueMicrotask. */
  defer?: (task: () => void) => void;
  /** Runs work in a later task of the page (a concurrent cancel); default setTimeout 0. */
  later?: (task: () => void) => void;
  /** The Excel behaviour settings, read at each use; default the defaults. */
  behaviour?: () => Readonly<ExcelBehaviour>;
}

/**
 * The cells whose formula calls a custom function. The workbook's formula engine calls `hook` for such a formula
 * when it is entered, whenever a cell it refers to changed, on a full calculation, and on the first calculation of
 * a reopened file. New arguments invoke the function again (the old invocation released in Excel's cancel order);
 * the same arguments keep the invocation, unless a full calculation asks for all to run again. Results (each
 * setResult of a streaming function) arrive through the payload cap and are laid out as spills. Change events
 * tell us when a formula cell was cleared or edited (cancel) or a spill area was written over or freed.
 */
export class FunctionCells {
  readonly #cells = new Map<string, FunctionCell>();
  readonly #listeners = new Set<() => void>();
  readonly #defer: (task: () => void) => void;
  readonly #later: (task: () => void) => void;
  readonly #layout: SpillLayout;
  readonly #invocations: CellInvocations;
  readonly #batch: ResultBatch;
  #opened: OpenedCells | undefined;
  #workbook: FunctionCellsWorkbook | undefined;
  #writing = 0;
  /** Bumped by each full calculation: a cell of an older generation is invoked again when calculated. */
  #generation = 0;

  constructor(private readonly options: FunctionCellsOptions) {
    this.#defer = options.defer ?? ((task) => queueMicrotask(task));
    this.#later = options.later ?? ((task) => void setTimeout(task, 0));
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
    // Results set in the same turn of the page (before it next waits for anything) arrive together.
    this.#batch = new ResultBatch(
      this.#defer,
      () => this.#behaviour().payloadCapBytes,
      (results, fits) => this.#arrive(results, fits),
    );
    this.#invocations = new CellInvocations(options.runtime, (cell, raw) => {
      if (!cell.canceled) this.#batch.add(cell, raw);
    });
  }

  #behaviour(): Readonly<ExcelBehaviour> {
    return this.options.behaviour?.() ?? DEFAULT_BEHAVIOUR;
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
    this.#opened = new OpenedCells(
      workbook.openedSpills ?? [],
      workbook.openedFormulas ?? [],
      (formula) => this.#isCall(formula),
      (sheet, row, column) => workbook.inspect.cell(sheet, cellAddress(row, column)).formula,
    );
    workbook.onChange((event) => this.#onChange(event));
  }

  #isCall(formula: string): boolean {
    const name = /^=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\(/.exec(formula)?.[1];
    return name !== undefined && this.options.catalog.inNamespace(name);
  }

  /** The add-in's functions a formula can call now (in the catalog and registered by the functions bundle). */
  registeredNames(): string[] {
    return this.options.catalog.callableNames(this.options.runtime.ids);
  }

  readonly hook: FormulaHook = (formula, at) => this.#evaluate(formula, at.sheet, at.address);

  /** A full calculation is about to run: every custom function is invoked again when its cell calculates. */
  fullCalculation(): void {
    this.#generation++;
  }

  all(): FunctionCell[] {
    return [...this.#cells.values()];
  }

  /** How many cells the stream serving this cell serves (1 when it is its own; 0 when it has none). */
  sharing(cell: FunctionCell): number {
    return this.#invocations.sharing(cell);
  }

  /** Every spilled block now, for the file: with it, a reopened workbook's formulas replace their own spills. */
  spills(): SpillBlock[] {
    const laidOut = this.all().flatMap((c) => (c.spilled ? [{ sheet: c.sheet, ...c.spilled.block }] : []));
    // Spills reopened but not calculated since are still the formulas' own.
    return [...laidOut, ...(this.#opened?.spills() ?? [])];
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
    const key = positionKey(sheet, row, column);
    const current = this.#cells.get(key) ?? this.#renamed(sheet, row, column);
    const same = current !== undefined && !current.canceled && current.key === d.key && current.formula === formula;
    // The same call as before (a recalculation): the invocation stays and the cell keeps what it shows, unless a
    // full calculation came since (it invokes every custom function again).
    if (same && (current.generation === this.#generation || d.kind === "error")) return current.display;
    const opened = this.#opened?.take(sheet, row, column, formula);
    const cell = new FunctionCell(sheet, row, column, formula, d.key);
    cell.generation = this.#generation;
    cell.sheetId = this.#wb().inspect.sheetId(sheet);
    this.#cells.set(key, cell);
    current?.retire();
    if (d.kind === "error") {
      cell.display = d.error;
      cell.message = d.message;
      cell.result = { values: [[d.error]], messages: new Map(d.message ? [["0,0", d.message]] : []) };
      this.#defer(() => {
        if (current) this.#letGo(current);
        this.#layout.layout(cell);
        this.#emit();
      });
      return cell.display;
    }
    if (opened) {
      fromFile(cell, opened);
      // A full calculation since the file opened runs every custom function anyway.
      if (this.#generation === 0 && !runsOnOpen(d.entry, opened, this.#behaviour())) {
        cell.dormant = true;
        return cell.display;
      }
      showPending(cell, this.#behaviour().pendingDisplay);
    } else if (current && current.formula === formula) {
      // Invoked again with the formula unchanged (an input changed, a full calculation).
      takeOver(cell, current);
      showPending(cell, this.#behaviour().pendingDisplay);
    }
    const { entry, args, parameterAddresses } = d;
    this.#defer(() => this.#switch(current, cell, entry, args, parameterAddresses));
    return cell.display;
  }

  /**
   * The cell at this position of a sheet that was renamed (same sheet id, old name): it moves to the new name and
   * keeps its invocation and spill, as renaming a sheet in Excel runs nothing again.
   */
  #renamed(sheet: string, row: number, column: number): FunctionCell | undefined {
    const id = this.#wb().inspect.sheetId(sheet);
    if (id === undefined) return undefined;
    for (const [key, cell] of this.#cells) {
      if (cell.sheetId !== id || cell.row !== row || cell.column !== column) continue;
      if (cell.sheet.toLowerCase() === sheet.toLowerCase()) return undefined;
      this.#cells.delete(key);
      cell.sheet = sheet;
      this.#cells.set(positionKey(sheet, row, column), cell);
      return cell;
    }
    return undefined;
  }

  /**
   * Starts the new invocation and releases the old one in the order ExcelBehaviour.cancelOrder says ("before",
   * "after", or "concurrent": released in a later task, once the new call is under way).
   */
  #switch(
    old: FunctionCell | undefined,
    cell: FunctionCell,
    entry: CatalogEntry,
    args: ArgumentValue[],
    parameterAddresses: string[],
  ): void {
    const behaviour = this.#behaviour();
    if (old?.spilled) this.#layout.clear(old);
    // Shown as #BUSY!: the spill it had (reopened, or the old result's) goes until the new result arrives.
    if (!cell.loading && cell.spilled) this.#layout.clear(cell);
    const release = () => old?.releaseNow();
    if (behaviour.cancelOrder === "before") release();
    this.#invocations.start(cell, entry, args, {
      parameterAddresses,
      shared: behaviour.sharedStreams,
      streamAddress: behaviour.streamAddress,
      isInValuePreview: behaviour.previewFlag === "string" ? "false" : false,
    });
    if (behaviour.cancelOrder === "after") release();
    if (behaviour.cancelOrder === "concurrent") this.#later(release);
    this.#emit();
  }

  /** A cell replaced by an error: its invocation is released and its spill cleared. */
  #letGo(cell: FunctionCell): void {
    cell.cancel();
    this.#layout.clear(cell);
  }

  #arrive(results: [FunctionCell, unknown][], fits: boolean): void {
    for (const [cell, raw] of results) {
      if (cell.canceled) continue;
      cell.loading = false;
      cell.dormant = false;
      if (fits) {
        cell.stuck = undefined;
        cell.result = shapeResult(raw);
      } else {
        cell.stuck = "payload";
        cell.result = { values: [[new CellError("#BUSY!")]], messages: new Map() };
      }
      this.#layout.layout(cell);
    }
    this.#emit();
  }

  #onChange(event: ChangeEvent): void {
    if (this.#writing > 0) return;
    const wb = this.#wb();
    this.#opened?.changed(event, wb, (gone) => this.#layout.clear(gone));
    const sheets = new Set(wb.inspect.sheetNames().map((n) => n.toLowerCase()));
    for (const [key, cell] of [...this.#cells]) {
      const sheet = cell.sheet.toLowerCase();
      if (!sheets.has(sheet)) {
        // Gone with its sheet (a renamed sheet's cells were moved when the engine recalculated them).
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

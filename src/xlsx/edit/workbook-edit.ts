import { a1Range, blockAddress, checkSheetLimits, parseA1, qualifiedAddress, type CellBlock } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { openWorkbook } from "../read/open-workbook";
import type { WorkbookFile } from "../workbook-file";
import { cellsOf, subtract } from "./blocks";
import { editCalcChain } from "./calc-chain-edit";
import { ensureDynamicArrayCm } from "./metadata-edit";
import { PackageEdits } from "./package-edits";
import { editSheet } from "./sheet-edit";
import { SheetState } from "./sheet-state";
import { setTableRef } from "./table-edit";
import { editWebExtension } from "./web-extension-edit";
import { setFullCalcOnLoad } from "./workbook-part-edit";
import { writeZip } from "../zip/zip-write";

/** What a spill write did: the range before and after, and the blocks of cells it took and left. */
export interface SpillPlan {
  sheet: string;
  anchor: string;
  oldRef: string;
  newRef: string;
  takes: string[];
  leaves: string[];
}

export interface TablePlan {
  table: string;
  sheet: string;
  oldRef: string;
  newRef: string;
  rowsBefore: number;
  rowsAfter: number;
  takes: string[];
  leaves: string[];
}

export interface PartChanges {
  changed: string[];
  added: string[];
  dropped: string[];
}

const refOf = (b: CellBlock) => blockAddress(b);

/**
 * One edit of a workbook file: cell, spill, table and add-in-setting writes gathered, checked against what the
 * file holds as they come (a refused write changes nothing), then written by `toBytes` as a package in which only
 * the parts they concern differ.
 */
export class WorkbookEdit {
  private readonly states = new Map<string, SheetState>();
  private readonly edits: PackageEdits;
  private readonly tableRefs = new Map<string, string>();
  private readonly settings = new Map<string, Map<string, string | null>>();
  private fullCalc = false;
  private dynamicCm: number | null = null;

  constructor(readonly book: WorkbookFile) {
    this.edits = new PackageEdits(book.internals.pkg);
  }

  private state(sheet: string): SheetState {
    const info = this.book.sheetInfo(sheet);
    let state = this.states.get(info.name);
    if (!state) {
      const layout = this.book.internals.layouts.get(info.name);
      if (!layout) throw new XlsxError("not-found", `"${info.name}" is a ${info.kind}, not a worksheet with cells.`);
      state = new SheetState(info.name, layout, this.book.internals.tables.get(info.name) ?? []);
      this.states.set(info.name, state);
    }
    return state;
  }

  /** Refuses the write when a cell of `block` is not the writer's to take. */
  private blocked(
    state: SheetState,
    what: string,
    block: CellBlock,
    except: { anchor?: string; table?: string },
    remedy: string,
  ): void {
    const blocker = state.blockerIn(block, except);
    if (!blocker) return;
    const where = qualifiedAddress(state.name, blocker.ref);
    throw new XlsxError(
      "blocked",
      `${what}, but ${where} ${blocker.reason}; nothing was written. ${remedy}`,
      undefined,
      where,
    );
  }

  /**
   * Writes a formula's new result over the range it spills to: its own cell keeps the formula (its range and
   * dynamic-array mark set as Excel writes them), the cells it newly takes get the values, the cells it leaves are
   * cleared. Refused, with the cell named, when it would take a cell that holds anything or belongs to another
   * formula's range, a table or merged cells.
   */
  writeSpill(sheet: string, anchor: string, values: readonly (readonly XlsxValue[])[]): SpillPlan {
    const state = this.state(sheet);
    const at = parseA1(anchor);
    const ref = a1Range(at.row, at.column, 1, 1);
    const cell = state.layout.cells.get(ref);
    const f = cell?.formula;
    const where = qualifiedAddress(state.name, ref);
    if (!f)
      throw new XlsxError(
        "not-found",
        `${where} holds no formula, so there is no result to write there.`,
        undefined,
        where,
      );
    const rows = values.length;
    const columns = Math.max(0, ...values.map((r) => r.length));
    if (!rows || !columns) throw new XlsxError("bad-value", `The result for ${where} has no rows or no columns.`);
    const limit = checkSheetLimits(rows, columns, at.row, at.column);
    if (limit) throw new XlsxError("blocked", `${where}: ${limit.message}`, undefined, where);
    const multi = rows * columns > 1;
    if (multi && f.kind === "shared" && f.ref !== undefined) {
      throw new XlsxError(
        "blocked",
        `The result for ${where} fills ${rows}×${columns} cells, but ${ref} starts a group of filled-down formulas that ` +
          "Excel stores together; nothing was written. Enter the formula in that cell again (so it stands alone) and save.",
        undefined,
        where,
      );
    }
    const next: CellBlock = { row: at.row, column: at.column, rowCount: rows, columnCount: columns };
    const old = state.arrays.get(ref) ?? { row: at.row, column: at.column, rowCount: 1, columnCount: 1 };
    const takes = subtract(next, old);
    for (const block of takes) {
      this.blocked(
        state,
        `The result of the formula in ${where} needs ${qualifiedAddress(state.name, refOf(next))}`,
        block,
        { anchor: ref },
        "Clear or move that cell (or move the formula), then refresh again.",
      );
    }
    const leaves = subtract(old, next);
    const array = f.kind === "array" || multi;
    const legacy = f.kind === "array" && !f.dynamicArray;
    const dynamicCm = array && !legacy && !f.dynamicArray ? this.dynamicArrayCm() : null;
    state.writes.set(ref, {
      kind: "anchor",
      value: values[0][0] ?? null,
      ref: array ? refOf(next) : null,
      dynamicCm,
      ...(f.kind === "shared" && multi ? { formulaText: f.text } : {}),
    });
    for (const [r, c] of cellsOf(next)) {
      if (r === at.row && c === at.column) continue;
      state.writes.set(a1Range(r, c, 1, 1), { kind: "result", value: values[r - at.row][c - at.column] ?? null });
    }
    for (const block of leaves)
      for (const [r, c] of cellsOf(block)) state.writes.set(a1Range(r, c, 1, 1), { kind: "clear" });
    if (array) state.arrays.set(ref, next);
    else state.arrays.delete(ref);
    return {
      sheet: state.name,
      anchor: ref,
      oldRef: refOf(old),
      newRef: refOf(next),
      takes: takes.map(refOf),
      leaves: leaves.map(refOf),
    };
  }

  private dynamicArrayCm(): number {
    if (this.dynamicCm === null) this.dynamicCm = ensureDynamicArrayCm(this.book.internals, this.edits);
    return this.dynamicCm;
  }

  /**
   * Replaces a table's data rows, keeping its header and columns: the table grows into empty cells below it or
   * shrinks (the rows it leaves are cleared), its range and auto-filter follow, and new cells take the number format
   * of the first data row. At least one data row stays, empty for an empty result, as in Excel. Refused when it would
   * grow over anything, when the columns differ, or when the table has a totals row.
   */
  writeTable(tableName: string, rows: readonly (readonly XlsxValue[])[]): TablePlan {
    const info = this.book.table(tableName);
    const state = this.state(info.sheet);
    const { table, block } = state.tables.get(info.name)!;
    const named = `the table "${table.name}" (${qualifiedAddress(state.name, refOf(block))})`;
    if (table.totalsRowCount > 0) {
      throw new XlsxError(
        "blocked",
        `${named} has a totals row, which a refresh outside Excel does not move; nothing was written. Turn the totals row off (Table Design > Total Row) or refresh it in Excel.`,
      );
    }
    const width = table.columns.length;
    const wrong = rows.findIndex((r) => r.length !== width);
    if (wrong >= 0 || block.columnCount !== width) {
      throw new XlsxError(
        "blocked",
        `The new rows for ${named} have ${rows[Math.max(0, wrong)]?.length ?? 0} columns, but the table has ${width}; nothing was written. Insert the result again as a new table.`,
      );
    }
    const header = table.headerRowCount;
    const oldBody: CellBlock = {
      row: block.row + header,
      column: block.column,
      rowCount: block.rowCount - header,
      columnCount: width,
    };
    const count = Math.max(1, rows.length);
    const limit = checkSheetLimits(count + header, width, block.row, block.column);
    if (limit) throw new XlsxError("blocked", `${named}: ${limit.message}`);
    const newBody: CellBlock = { ...oldBody, rowCount: count };
    const takes = subtract(newBody, oldBody);
    for (const b of takes)
      this.blocked(
        state,
        `${named} grows to ${count} data rows`,
        b,
        { table: table.name },
        "Clear or move what is below the table, then refresh again.",
      );
    const leaves = subtract(oldBody, newBody);
    const styles = Array.from(
      { length: width },
      (_v, c) => state.layout.cells.get(a1Range(oldBody.row, block.column + c, 1, 1))?.style || undefined,
    );
    for (const [r, c] of cellsOf(newBody)) {
      const style = styles[c - block.column];
      state.writes.set(a1Range(r, c, 1, 1), {
        kind: "value",
        value: rows[r - newBody.row]?.[c - block.column] ?? null,
        ...(style ? { style } : {}),
      });
    }
    for (const b of leaves) for (const [r, c] of cellsOf(b)) state.writes.set(a1Range(r, c, 1, 1), { kind: "clear" });
    const next: CellBlock = { ...block, rowCount: header + count };
    state.tables.set(table.name, { table, block: next });
    this.tableRefs.set(table.part, refOf(next));
    return {
      table: table.name,
      sheet: state.name,
      oldRef: refOf(block),
      newRef: refOf(next),
      rowsBefore: oldBody.rowCount,
      rowsAfter: count,
      takes: takes.map(refOf),
      leaves: leaves.map(refOf),
    };
  }

  /**
   * Writes plain values (text as inline strings; null empties a cell, keeping its formatting). Refused for a cell
   * that belongs to an array formula's range or to merged cells other than their first.
   */
  setCells(sheet: string, cells: ReadonlyArray<{ ref: string; value: XlsxValue }>): void {
    const state = this.state(sheet);
    const parsed = cells.map((c) => {
      const at = parseA1(c.ref);
      return { ...c, at, ref: a1Range(at.row, at.column, 1, 1) };
    });
    for (const c of parsed) {
      const block = { row: c.at.row, column: c.at.column, rowCount: 1, columnCount: 1 };
      const merged = state.merged.find(
        (m) => subtract(block, m).length === 0 && (m.row !== c.at.row || m.column !== c.at.column),
      );
      const array = [...state.arrays].find(([, range]) => subtract(block, range).length === 0);
      if (merged || array) {
        const where = qualifiedAddress(state.name, c.ref);
        const why = merged
          ? "is hidden under merged cells"
          : array![0] === c.ref
            ? "holds an array formula, whose range would be left behind"
            : `belongs to the array formula in ${array![0]}`;
        throw new XlsxError(
          "blocked",
          `${where} ${why}, so a value cannot be written there; nothing was written.`,
          undefined,
          where,
        );
      }
    }
    for (const c of parsed)
      state.writes.set(c.ref, c.value === null ? { kind: "clear" } : { kind: "value", value: c.value });
  }

  /**
   * Sets (or, with null, removes) a property of an add-in's web-extension part. Office.js keeps each document
   * setting of an add-in as one property whose value is the setting's JSON text (`JSON.stringify(value)`).
   */
  setWebExtensionProperty(part: string, name: string, value: string | null): void {
    const ext = this.book.webExtensions.find((w) => w.part.toLowerCase() === part.toLowerCase());
    if (!ext) throw new XlsxError("not-found", `This workbook has no add-in part ${part}.`);
    const changes = this.settings.get(ext.part) ?? new Map<string, string | null>();
    changes.set(name, value);
    this.settings.set(ext.part, changes);
  }

  /** Marks the workbook for a full calculation when Excel opens it (`fullCalcOnLoad`). */
  setFullCalcOnLoad(): void {
    this.fullCalc = true;
  }

  /** The package with the edits applied; every part they do not concern is copied byte for byte. */
  toBytes(): { bytes: Uint8Array; parts: PartChanges } {
    const internals = this.book.internals;
    const edits = this.edits;
    for (const state of this.states.values()) {
      if (state.writes.size) edits.set(state.layout.part, editSheet(state.layout, state.writes, state.name));
    }
    for (const [part, ref] of this.tableRefs) edits.set(part, setTableRef(edits.text(part), part, ref));
    this.editCalcChain();
    for (const [part, changes] of this.settings) edits.set(part, editWebExtension(edits.text(part), part, changes));
    if (this.fullCalc)
      edits.set(internals.workbookPart, setFullCalcOnLoad(edits.text(internals.workbookPart), internals.workbookPart));
    const encoder = new TextEncoder();
    const changes = new Map<string, Uint8Array | null>();
    for (const [part, text] of edits.changed) changes.set(internals.pkg.entry(part)!.name, encoder.encode(text));
    for (const part of edits.dropped) changes.set(internals.pkg.entry(part)!.name, null);
    const added = [...edits.added].map(([name, text]) => ({ name, data: encoder.encode(text) }));
    const bytes = writeZip(internals.pkg.archive, changes, added);
    try {
      openWorkbook(bytes, { fileName: this.book.fileName });
    } catch (e) {
      throw new Error(
        `The edited workbook did not read back (${e instanceof Error ? e.message : String(e)}); nothing was written.`,
      );
    }
    const sorted = (names: Iterable<string>) => [...names].sort();
    return {
      bytes,
      parts: {
        changed: sorted(edits.changed.keys()),
        added: sorted(edits.added.keys()),
        dropped: sorted(edits.dropped),
      },
    };
  }

  private editCalcChain(): void {
    const { calcChainPart, workbookPart } = this.book.internals;
    if (!calcChainPart) return;
    const gone = new Map<number, Set<string>>();
    for (const state of this.states.values()) {
      const refs = [...state.writes].filter(([, w]) => w.kind !== "anchor").map(([ref]) => ref);
      if (refs.length) gone.set(this.book.sheetInfo(state.name).sheetId, new Set(refs));
    }
    if (!gone.size) return;
    const text = editCalcChain(
      this.edits.text(calcChainPart),
      calcChainPart,
      (id, ref) => gone.get(id)?.has(ref.replace(/\$/g, "")) ?? false,
    );
    if (text !== null) {
      if (text !== this.edits.text(calcChainPart)) this.edits.set(calcChainPart, text);
      return;
    }
    this.edits.drop(calcChainPart);
    this.edits.removeRelationshipsTo(workbookPart, calcChainPart);
    this.edits.removeContentType(calcChainPart);
  }
}

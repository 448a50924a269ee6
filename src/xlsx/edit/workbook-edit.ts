import { a1Range, parseA1, qualifiedAddress } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { openWorkbook } from "../read/open-workbook";
import type { WorkbookFile } from "../workbook-file";
import { addValuesSheet } from "./add-sheet";
import { contains, subtract } from "./blocks";
import { editCalcChain } from "./calc-chain-edit";
import { PackageEdits } from "./package-edits";
import { editSheet } from "./sheet-edit";
import { SheetState } from "./sheet-state";
import { spillBlockerIn, writeSpillInto, type SpillPlan } from "./spill-write";
import type { Blocker } from "./sheet-state";
import { setTableRef } from "./table-edit";
import { writeTableInto, type TablePlan } from "./table-write";
import { editWebExtension } from "./web-extension-edit";
import { setFullCalcOnLoad } from "./workbook-part-edit";
import { writeZip } from "../zip/zip-write";

export type { Blocker, SpillPlan, TablePlan };

export interface PartChanges {
  changed: string[];
  added: string[];
  dropped: string[];
}

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

  /**
   * Writes a formula's new result. A dynamic array (`cm` marking it so) spills: its own cell keeps the formula with
   * its new range, the cells it newly takes get the values, the cells it leaves are cleared; refused, with the cell
   * named, when it would take a cell that holds anything or belongs to another formula's range, a table or merged
   * cells. A legacy formula keeps its cells: one value for a plain formula, its range for a Ctrl+Shift+Enter array.
   */
  writeSpill(sheet: string, anchor: string, values: readonly (readonly XlsxValue[])[]): SpillPlan {
    return writeSpillInto(this.state(sheet), anchor, values);
  }

  /**
   * The cell that would block a spill of `rows` × `columns` from the formula in `anchor` (as `writeSpill` checks it),
   * without writing anything: a dry run's question.
   */
  spillBlocker(sheet: string, anchor: string, rows: number, columns: number): Blocker | null {
    return spillBlockerIn(this.state(sheet), anchor, rows, columns);
  }

  /**
   * Replaces a table's data rows, keeping its header and columns: the table grows into empty cells below it or
   * shrinks (the rows it leaves are cleared), its range and auto-filter follow, and new cells take the number format
   * of the first data row. At least one data row stays, empty for an empty result, as in Excel. Refused when it would
   * grow over anything, when the columns differ, or when the table has a totals row.
   */
  writeTable(tableName: string, rows: readonly (readonly XlsxValue[])[]): TablePlan {
    const info = this.book.table(tableName);
    const { plan, part } = writeTableInto(this.state(info.sheet), info.name, rows);
    this.tableRefs.set(part, plan.newRef);
    return plan;
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

  /**
   * Adds a sheet of plain values after the others (a month-end snapshot); refused, with the reason, when Excel would
   * not take the name or the workbook has a sheet of that name.
   */
  addSheet(name: string, rows: readonly (readonly XlsxValue[])[]): string {
    return addValuesSheet(this.edits, this.book, name, rows);
  }

  /** Marks the workbook for a full calculation when Excel opens it (`fullCalcOnLoad`). */
  setFullCalcOnLoad(): void {
    this.fullCalc = true;
  }

  /** The package with the edits applied; every part they do not concern is copied byte for byte. */
  toBytes(): { bytes: Uint8Array; parts: PartChanges } {
    const internals = this.book.internals;
    const edits = this.edits;
    const written = new Set<string>();
    for (const state of this.states.values()) {
      if (!state.writes.size) continue;
      edits.set(state.layout.part, editSheet(state.layout, state.writes, state.name));
      written.add(state.layout.part);
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
    const bytes = writeZip(internals.pkg.archive, changes, added, internals.pkg.codec);
    try {
      // The package read back whole, the sheets this edit wrote checked rather than read into cells again (that
      // cost more than writing them: 7 of 28 s for a table of 100,000 rows).
      openWorkbook(bytes, { fileName: this.book.fileName, zip: internals.pkg.codec, written });
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
      // A cell keeps its entry while it holds a formula: an anchor, or a member of an array formula's range (Excel
      // lists each cell of a legacy Ctrl+Shift+Enter range in the chain).
      const inArray = (ref: string) => {
        const at = parseA1(ref);
        return [...state.arrays.values()].some((b) => contains(b, at.row, at.column));
      };
      const refs = [...state.writes]
        .filter(([ref, w]) => w.kind !== "anchor" && !(w.kind === "result" && inArray(ref)))
        .map(([ref]) => ref);
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

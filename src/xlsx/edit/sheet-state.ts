import { cellAddress, parseAddress, qualifiedAddress, type CellBlock } from "../../sheet";
import { XlsxError } from "../errors";
import { isCellError, type Cell } from "../model/cell-types";
import type { TableInfo } from "../model/workbook-types";
import type { SheetLayout } from "../read/sheet-layout";
import { contains, intersect } from "./blocks";
import type { CellWrite } from "./cell-write";

export interface Blocker {
  ref: string;
  /** What is there, for the message: `holds "Total"`, `is inside the table "Pulls"`… */
  reason: string;
}

function describe(cell: Cell): string {
  if (cell.formula)
    return `holds a formula (=${cell.formula.text.length > 40 ? `${cell.formula.text.slice(0, 40)}…` : cell.formula.text})`;
  const v = cell.value;
  if (typeof v === "string") return `holds "${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`;
  if (isCellError(v)) return `holds ${v.error}`;
  return `holds ${String(v)}`;
}

/**
 * A worksheet as an edit session sees it: the cells as read with the writes made so far on top, and the ranges a
 * write must not run into (other formulas' spills, tables, merged cells).
 */
export class SheetState {
  readonly writes = new Map<string, CellWrite>();
  /** The range each array formula fills, by its cell. */
  readonly arrays = new Map<string, CellBlock>();
  /** Each table's range, by table name. */
  readonly tables = new Map<string, { table: TableInfo; block: CellBlock }>();
  readonly merged: CellBlock[];

  constructor(
    readonly name: string,
    readonly layout: SheetLayout,
    tables: readonly TableInfo[],
  ) {
    for (const cell of layout.cells.values()) {
      const f = cell.formula;
      if (f?.ref && (f.kind === "array" || f.kind === "dataTable")) this.arrays.set(cell.ref, parseAddress(f.ref));
    }
    for (const t of tables) this.tables.set(t.name, { table: t, block: parseAddress(t.ref) });
    this.merged = layout.mergedRanges.filter((r) => r).map((r) => parseAddress(r));
  }

  /** Whether the cell holds nothing (formatting aside) once the writes so far are applied. */
  isBlank(ref: string): boolean {
    const w = this.writes.get(ref);
    if (w) return w.kind === "clear" || (w.kind === "value" && w.value === null);
    const cell = this.layout.cells.get(ref);
    return !cell || (cell.value === null && !cell.formula);
  }

  private contentOf(ref: string): string {
    const w = this.writes.get(ref);
    if (w && w.kind !== "clear") return w.kind === "anchor" ? "holds a formula" : `holds ${JSON.stringify(w.value)}`;
    return describe(this.layout.cells.get(ref)!);
  }

  /**
   * The first cell of `block` (row by row) a write may not take: one with content, or one inside another array
   * formula's range, a table other than `exceptTable`, or merged cells.
   */
  blockerIn(block: CellBlock, except: { anchor?: string; table?: string }): Blocker | null {
    const found: Array<Blocker & { row: number; column: number }> = [];
    const at = (b: CellBlock) => ({ row: b.row, column: b.column, ref: cellAddress(b.row, b.column) });
    for (const m of this.merged) {
      const x = intersect(block, m);
      if (x) found.push({ ...at(x), reason: "is part of merged cells" });
    }
    for (const [anchor, range] of this.arrays) {
      const x = anchor === except.anchor ? null : intersect(block, range);
      if (x) found.push({ ...at(x), reason: `is in the range of the array formula in ${anchor}` });
    }
    for (const [name, { block: range }] of this.tables) {
      const x = name === except.table ? null : intersect(block, range);
      if (x) found.push({ ...at(x), reason: `is inside the table "${name}"` });
    }
    const candidates = new Set<string>();
    const size = block.rowCount * block.columnCount;
    if (size <= this.layout.cells.size + this.writes.size) {
      for (let r = block.row; r < block.row + block.rowCount; r++) {
        for (let c = block.column; c < block.column + block.columnCount; c++) candidates.add(cellAddress(r, c));
      }
    } else {
      for (const cell of this.layout.cells.values())
        if (contains(block, cell.row, cell.column)) candidates.add(cell.ref);
      for (const ref of this.writes.keys()) {
        const b = parseAddress(ref);
        if (contains(block, b.row, b.column)) candidates.add(ref);
      }
    }
    for (const ref of candidates) {
      if (this.isBlank(ref)) continue;
      const b = parseAddress(ref);
      found.push({ row: b.row, column: b.column, ref, reason: this.contentOf(ref) });
    }
    found.sort((a, b) => a.row - b.row || a.column - b.column);
    return found[0] ? { ref: found[0].ref, reason: found[0].reason } : null;
  }

  /** Refuses a write (what it needs, then which cell stands in its way and what to do) when `block` is not free. */
  refuseBlocked(what: string, block: CellBlock, except: { anchor?: string; table?: string }, remedy: string): void {
    const blocker = this.blockerIn(block, except);
    if (!blocker) return;
    const where = qualifiedAddress(this.name, blocker.ref);
    throw new XlsxError(
      "blocked",
      `${what}, but ${where} ${blocker.reason}; nothing was written. ${remedy}`,
      undefined,
      where,
    );
  }
}

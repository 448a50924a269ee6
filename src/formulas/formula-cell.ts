import type { CellBlock } from "../sheet";
import type { FormulaNode } from "./ast";
import { parseFormula } from "./parser";
import { FormulaSyntaxError } from "./syntax-error";

export const cellKey = (sheet: string, row: number, column: number): string =>
  `${sheet.toLowerCase()}!${row},${column}`;

export function blocksIntersect(a: CellBlock, b: CellBlock): boolean {
  return (
    a.row < b.row + b.rowCount &&
    b.row < a.row + a.rowCount &&
    a.column < b.column + b.columnCount &&
    b.column < a.column + a.columnCount
  );
}

export function blockContains(block: CellBlock, row: number, column: number): boolean {
  return (
    row >= block.row &&
    row < block.row + block.rowCount &&
    column >= block.column &&
    column < block.column + block.columnCount
  );
}

/** A range one formula read, by lower-case sheet name. */
export interface Read {
  sheet: string;
  block: CellBlock;
}

/** One formula cell as the engine keeps it: its parse, what it read last time, and its spill. */
export class FormulaCell {
  readonly key: string;
  readonly node: FormulaNode | FormulaSyntaxError;
  reads: Read[] = [];
  volatile = false;
  /** Computed by the host (an add-in's function): the host lays out its spill. */
  external = false;
  /** The block its array result spilled into (anchor included), and cells typed over since, while spilled. */
  spill?: { block: CellBlock; entered: CellBlock[] };
  /** The block its array result needs, also while blocked (#SPILL!): a change there lays it out again. */
  wanted?: CellBlock;
  /** A note shown with the value (a circular reference). */
  note?: string;

  constructor(
    readonly sheet: string,
    readonly row: number,
    readonly column: number,
    readonly formula: string,
    udfNamespaces: readonly string[] = [],
  ) {
    this.key = cellKey(sheet, row, column);
    let node: FormulaNode | FormulaSyntaxError;
    try {
      node = parseFormula(formula, { udfNamespaces });
    } catch (e) {
      if (!(e instanceof FormulaSyntaxError)) throw e;
      node = e;
    }
    this.node = node;
  }

  /** Whether it read anything in a block of a sheet (lower-case name) last time. */
  readsFrom(sheet: string, block: CellBlock): boolean {
    return this.reads.some((r) => r.sheet === sheet && blocksIntersect(r.block, block));
  }

  /** The cells its value occupies: the anchor, or its spill. */
  get output(): CellBlock {
    return this.spill?.block ?? { row: this.row, column: this.column, rowCount: 1, columnCount: 1 };
  }
}

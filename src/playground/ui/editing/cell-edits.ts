import { a1Range, type CellBlock } from "../../../sheet";
import type { BlockContents, PlaygroundWorkbook } from "../../workbook";
import { UndoHistory, type Patch, type UndoStep } from "./undo-history";

/** A block of one sheet an action changes. */
export interface SheetBlock {
  sheet: string;
  block: CellBlock;
}

/** Beyond this many filled cells an action is not kept for undo (the memory it needs), and Excel's own limits. */
export const UNDO_CELL_LIMIT = 2_000_000;

export interface CellEditsParts {
  workbook: Pick<PlaygroundWorkbook, "contents" | "putContents" | "editSyncs" | "inspect">;
  /** Status bar text (an error when `isError`). */
  say(text: string, isError?: boolean): void;
  /** Shows a sheet and selects a block on it (an undone action's place). */
  reveal(sheet: string, block: CellBlock): void;
  /** Cells beyond which an action is not kept; UNDO_CELL_LIMIT unless a test says otherwise. */
  cellLimit?: number;
}

const address = (b: CellBlock) => a1Range(b.row, b.column, b.rowCount, b.columnCount);

/**
 * The user's actions on cells as Excel's undo sees them: each typed entry, clear or paste is one step, whatever
 * it wrote. A step keeps what its blocks held before and after (never spilled values: those are recalculated).
 * An add-in's write (an insert, a refresh) clears the history, as Excel does for API calls without undo support
 * (and did for every add-in write before ExcelApi 1.19): undoing past it could put old cells over its data.
 */
export class CellEdits {
  readonly history = new UndoHistory();
  #seen: number;

  constructor(private readonly p: CellEditsParts) {
    this.#seen = p.workbook.editSyncs();
  }

  /** Forgets the history when something other than our own steps changed the workbook since the last one. */
  #checkOthers(): boolean {
    const now = this.p.workbook.editSyncs();
    const others = now !== this.#seen && (this.history.canUndo || this.history.canRedo);
    if (others) this.history.clear();
    this.#seen = now;
    return others;
  }

  #nothing(what: "undo" | "redo", cleared: boolean): void {
    this.p.say(
      cleared ? `Can't ${what}: the add-in changed the workbook since your last edit.` : `Nothing to ${what}.`,
    );
  }

  #read(blocks: readonly SheetBlock[]): BlockContents[] {
    return blocks.map(({ sheet, block }) => this.p.workbook.contents(sheet, address(block)));
  }

  /**
   * Runs one user action that changes `blocks` (through Excel.run or `putContents`), recording it as one undo
   * step labelled `label`; the first block is where it happened.
   */
  async change(label: string, blocks: readonly SheetBlock[], action: () => Promise<unknown>): Promise<void> {
    this.#checkOthers();
    const entries = blocks.reduce((n, b) => n + this.p.workbook.inspect.entries(b.sheet, address(b.block)), 0);
    const limit = this.p.cellLimit ?? UNDO_CELL_LIMIT;
    if (entries > limit) {
      // Not even read: a clear of a million-row selection must not first copy it all.
      this.history.clear();
      this.p.say(`${label}: too large to undo (${entries.toLocaleString("en-US")} cells); earlier steps are gone too.`);
      await action();
      this.#seen = this.p.workbook.editSyncs();
      return;
    }
    const before = this.#read(blocks);
    try {
      await action();
    } finally {
      const after = this.#read(blocks);
      this.#seen = this.p.workbook.editSyncs();
      const size = [...before, ...after].reduce((n, c) => n + c.cells.length, 0);
      if (size > limit) {
        this.history.clear();
        this.p.say(`${label}: too large to undo (${size.toLocaleString("en-US")} cells); earlier steps are gone too.`);
      } else {
        const patches: Patch[] = blocks.map(({ sheet, block }, i) => ({
          sheet,
          row: block.row,
          column: block.column,
          before: before[i]!,
          after: after[i]!,
        }));
        const [first] = blocks;
        if (first) this.history.record({ label, patches, sheet: first.sheet, address: address(first.block) });
      }
    }
  }

  /** A user action that is not an undo step (a new table): it does not count as someone else's change. */
  async untracked<T>(action: () => Promise<T>): Promise<T> {
    this.#checkOthers();
    try {
      return await action();
    } finally {
      this.#seen = this.p.workbook.editSyncs();
    }
  }

  undo(): void {
    const cleared = this.#checkOthers();
    const step = this.history.undo();
    if (!step) return this.#nothing("undo", cleared);
    this.#apply(step, "before");
    this.p.say(`Undo: ${step.label}`);
  }

  redo(): void {
    const cleared = this.#checkOthers();
    const step = this.history.redo();
    if (!step) return this.#nothing("redo", cleared);
    this.#apply(step, "after");
    this.p.say(`Redo: ${step.label}`);
  }

  #apply(step: UndoStep, side: "before" | "after"): void {
    for (const patch of step.patches) this.p.workbook.putContents(patch.sheet, patch.row, patch.column, patch[side]);
    const [first] = step.patches;
    if (first) {
      const { rowCount, columnCount } = first[side];
      this.p.reveal(step.sheet, { row: first.row, column: first.column, rowCount, columnCount });
    }
  }
}

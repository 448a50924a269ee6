import type { BlockContents } from "../../workbook";

/** One block an action changed: what it held before and after, both read from one consistent state each. */
export interface Patch {
  sheet: string;
  row: number;
  column: number;
  before: BlockContents;
  after: BlockContents;
}

/** One user action (a typed entry, a clear, a paste): undone and redone as a whole, as Excel does. */
export interface UndoStep {
  /** "Typing", "Clear", "Paste"…: said in the status bar ("Undo: Paste"). */
  label: string;
  patches: Patch[];
  /** Where the action happened: selected again when it is undone or redone. */
  sheet: string;
  address: string;
}

/** Excel keeps the last 100 actions. */
export const UNDO_DEPTH = 100;

/**
 * Excel's undo and redo stacks: a new action empties the redo stack; undo moves the latest action to the redo
 * stack and redo moves it back. Applying a step's patches is the caller's: this class only keeps the order.
 */
export class UndoHistory {
  readonly #undo: UndoStep[] = [];
  readonly #redo: UndoStep[] = [];

  constructor(private readonly depth = UNDO_DEPTH) {}

  record(step: UndoStep): void {
    this.#undo.push(step);
    if (this.#undo.length > this.depth) this.#undo.shift();
    this.#redo.length = 0;
  }

  /** The step to undo (its `before`s go back), now redoable; undefined when there is none. */
  undo(): UndoStep | undefined {
    const step = this.#undo.pop();
    if (step) this.#redo.push(step);
    return step;
  }

  /** The step to redo (its `after`s go back), now undoable again. */
  redo(): UndoStep | undefined {
    const step = this.#redo.pop();
    if (step) this.#undo.push(step);
    return step;
  }

  clear(): void {
    this.#undo.length = 0;
    this.#redo.length = 0;
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }

  /** Labels, latest first (the undo button's list in Excel). */
  labels(): { undo: string[]; redo: string[] } {
    return { undo: this.#undo.map((s) => s.label).reverse(), redo: this.#redo.map((s) => s.label).reverse() };
  }
}

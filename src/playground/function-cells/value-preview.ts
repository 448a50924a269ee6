import { cellAddress, qualifiedAddress } from "../../sheet";
import type { ExcelBehaviour } from "../behaviour/excel-behaviour";
import { type FakeCustomFunctionsRuntime, type FakeStreamingInvocation } from "../custom-functions";
import type { PlaygroundWorkbook } from "../workbook";
import { workbookCellReader } from "./cell-reader";
import { dispatchFormula } from "./formula-dispatch";
import type { FunctionCatalog } from "./function-catalog";
import { shapeResult } from "./result-shape";

/** The entry being edited: its text (or the selected part of it) and the cell it is typed into. */
export interface PreviewTarget {
  text: string;
  sheet: string;
  row: number;
  column: number;
}

/**
 * Formula value preview (CustomFunctionsRuntime 1.5): while a formula calling a custom function is being typed,
 * Excel runs the function to show its value ("By default, Excel runs a custom function during formula value
 * preview", custom-functions-formula-value-preview.md, ms.date 07/28/2026), with `invocation.isInValuePreview` set.
 * Only where ExcelBehaviour.valuePreview is on (Excel on Windows and Mac; never on the web, per
 * DefinitelyTyped#72493). The preview's invocation is cancelled (`onCanceled`) when the entry changes to another
 * call and when editing ends: the docs say nothing of what happens to it then, so this is the playground's choice,
 * made so that an add-in that starts work in a preview can be seen to stop it.
 */
export class ValuePreview {
  #invocation: FakeStreamingInvocation<unknown> | undefined;
  #key: string | undefined;
  /** Every preview invocation started (tests and the console look at them). */
  readonly started: FakeStreamingInvocation<unknown>[] = [];

  constructor(
    private readonly runtime: FakeCustomFunctionsRuntime,
    private readonly catalog: FunctionCatalog,
    private readonly workbook: Pick<PlaygroundWorkbook, "inspect">,
    private readonly behaviour: () => Readonly<ExcelBehaviour>,
  ) {}

  /**
   * The entry changed. A complete call of one of the add-in's functions is run for its preview (once per distinct
   * call); `show` gets the value to display. Anything else cancels a running preview. Returns whether one runs.
   */
  update(target: PreviewTarget, show: (value: string) => void): boolean {
    const behaviour = this.behaviour();
    if (!behaviour.valuePreview || !target.text.startsWith("=")) {
      this.end();
      return false;
    }
    const d = dispatchFormula(
      target.text,
      target.sheet,
      this.catalog,
      this.runtime.ids,
      workbookCellReader(this.workbook),
    );
    if (d.kind !== "call") {
      this.end();
      return false;
    }
    if (d.key === this.#key && this.#invocation && !this.#invocation.canceled) return true;
    this.end();
    const context = {
      address: qualifiedAddress(target.sheet, cellAddress(target.row, target.column)),
      streamAddress: behaviour.streamAddress,
      isInValuePreview: behaviour.previewFlag === "string" ? "true" : true,
    };
    const shown = (raw: unknown) => {
      if (invocation.canceled) return;
      show(previewText(raw));
    };
    let invocation: FakeStreamingInvocation<unknown>;
    try {
      if (d.entry.streaming) {
        invocation = this.runtime.stream(d.entry.id, d.args, context);
        invocation.onResult(shown);
        if (invocation.latest !== undefined) shown(invocation.latest);
      } else {
        invocation = this.runtime.invocationFor(d.entry.id, context);
        void this.runtime.call(d.entry.id, d.args, invocation).then(shown);
      }
    } catch {
      return false;
    }
    this.#invocation = invocation;
    this.#key = d.key;
    this.started.push(invocation);
    return true;
  }

  /** Editing ended (Enter, Tab, Escape, leaving the editor) or the entry is no longer a call: cancel the preview. */
  end(): void {
    this.#invocation?.cancel();
    this.#invocation = undefined;
    this.#key = undefined;
  }
}

/** What the preview shows: the value, or the top-left value and the size of an array (as Excel's tooltip does). */
function previewText(raw: unknown): string {
  const { values } = shapeResult(raw);
  const first = values[0][0];
  const text = typeof first === "object" && first !== null ? first.code : String(first);
  const rows = values.length;
  const columns = values[0].length;
  return rows > 1 || columns > 1 ? `${text} … (${rows}×${columns})` : text;
}

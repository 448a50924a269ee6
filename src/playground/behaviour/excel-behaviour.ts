/**
 * How the emulated Excel behaves where Excel's builds or platforms differ, or where Microsoft documents nothing and
 * issue threads report what Excel does. Each choice has a default taken from the sources cited beside it; the
 * playground's File → Options panel and URL parameters change them (`behaviour/read-behaviour.ts`).
 */
export interface ExcelBehaviour {
  /**
   * Streaming custom functions run again when a workbook opens (on), or keep what the file saved (off).
   * On: office-js#2220 (xiaochunms, 2021-11-03: calculation is not triggered on load "But there are some exceptions
   * … or the function is a streaming function"), office-js#2281, office-js#2012 (2021-07-30: "the functions will start
   * again all on their own"). Off: what office-js#6556 (ayush-meghwani-28, 2026-09-04) describes for XLL-compatible
   * streaming functions before its fix, and a workbook opened in Manual calculation (office-js#1567, 2020-12-29).
   */
  reinvokeOnOpen: boolean;
  /**
   * What a re-invoked cell (on open, after a full recalculation, or when an input changed) shows before its first
   * result. "value": the value it had, with a loading mark, as current builds do (office-js#4152, 2024-02-21: "the
   * previous data remains in the cell and a refresh icon … shows up"; office-js#6930, 2026-09-23). "busy": `#BUSY!`,
   * as older builds did and as the docs still say (custom-functions-troubleshooting.md, ms.date 04/20/2026). A newly
   * entered formula shows `#BUSY!` either way (office-js#4152: "The first time I enter a formula … "). The Excel
   * API reads what is shown (office-js#6930: checking `range.values` for `#BUSY!` "does not detect" a cell with the
   * loading mark): the kept values and spill, or `#BUSY!` and no spill.
   */
  pendingDisplay: "value" | "busy";
  /**
   * Formulas calling the same streaming function with the same arguments share one invocation (one stream).
   * custom-functions-web-reqs.md (ms.date 03/03/2026, section of 2026-03-24): "If multiple formulas reference the
   * same streaming function with the same arguments, Excel reuses the existing stream rather than creating a new
   * one." Also Excel-Custom-Functions#102 (keyur32, 2019-02-27): "we will cache and batch calls that have the same
   * parameters".
   */
  sharedStreams: boolean;
  /**
   * When a streaming cell is invoked again (its arguments changed, a full recalculation), whether the old
   * invocation's `onCanceled` runs before the new call, after it, or concurrently (the new call has started and the
   * cancellation arrives in a later task). custom-functions-web-reqs.md (section of 2026-03-24): "The ordering …
   * is not guaranteed. … the new invocation may fire before, after, or at the same time as the `onCanceled`
   * callback for the old call." Until then the page said "a new function call is triggered following the
   * cancellation": "before" is the default.
   */
  cancelOrder: "before" | "after" | "concurrent";
  /**
   * Streaming functions declaring `requiresStreamAddress` get `invocation.address` (current builds: office-js#6499,
   * rajatavams, 2026-03-13, could not reproduce a missing address on the latest builds), or not (older builds:
   * Excel-Custom-Functions#303, grangeryy, 2022-01-26, "a new feature ask"; office-js#2995, 2022-11-25). No build
   * number is documented.
   */
  streamAddress: boolean;
  /**
   * Formula value preview runs custom functions while a formula is being typed (CustomFunctionsRuntime 1.5,
   * custom-functions-formula-value-preview.md, ms.date 07/28/2026: "By default, Excel runs a custom function during
   * formula value preview"). Off by default: the playground is Excel on the web, where the typing's Microsoft author
   * says it never happens (DefinitelyTyped#72493, adityaprasadmsft, 2025-04-17: "On Excel Online, this will always
   * be false"); on is Excel on Windows or Mac.
   */
  valuePreview: boolean;
  /**
   * How `invocation.isInValuePreview` is given. The reference describes the value as `true`/`false`
   * (CustomFunctions.Invocation, 2026-04-22) and the docs' sample tests it for truthiness; the typings declare it a
   * string (`@types/custom-functions-runtime` 1.6.13: `isInValuePreview?: string`). "boolean" by default; "string"
   * gives "true"/"false", so an add-in can be tried against both readings.
   */
  previewFlag: "boolean" | "string";
  /**
   * Excel on the web's payload cap for custom-function results, in bytes, shared by the results that arrive
   * together; null: no cap (desktop). resource-limits-and-performance-optimization.md (ms.date 09/03/2025): "Excel
   * on the web has a payload size limit for requests and responses of 5MB"; a result over it stays `#BUSY!` with no
   * error (office-js#2222, 2021-11-03; office-js#2786, 2022-08-23, open), and several cells share one payload
   * (Excel-Custom-Functions#233, grangeryy, 2020-09-23; office-js#4654, jgupta8450, 2026-06-29: "Excel limits
   * custom-function payloads to 5 MB"). 5,000,000 bytes: the stricter reading of "5 MB".
   */
  payloadCapBytes: number | null;
}

export const DEFAULT_PAYLOAD_CAP_BYTES = 5_000_000;

export const DEFAULT_BEHAVIOUR: Readonly<ExcelBehaviour> = Object.freeze({
  reinvokeOnOpen: true,
  pendingDisplay: "value",
  sharedStreams: true,
  cancelOrder: "before",
  streamAddress: true,
  valuePreview: false,
  previewFlag: "boolean",
  payloadCapBytes: DEFAULT_PAYLOAD_CAP_BYTES,
});

/** The live settings: read at each use, so a change in the Options panel applies to what happens next. */
export class BehaviourSettings {
  #current: ExcelBehaviour;
  readonly #listeners = new Set<(behaviour: ExcelBehaviour) => void>();

  constructor(initial: Partial<ExcelBehaviour> = {}) {
    this.#current = { ...DEFAULT_BEHAVIOUR, ...initial };
  }

  get current(): Readonly<ExcelBehaviour> {
    return this.#current;
  }

  update(change: Partial<ExcelBehaviour>): void {
    this.#current = { ...this.#current, ...change };
    for (const listener of [...this.#listeners]) listener(this.#current);
  }

  onChange(listener: (behaviour: ExcelBehaviour) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

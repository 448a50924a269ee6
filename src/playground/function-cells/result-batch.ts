import { utf8Bytes } from "../workbook";
import type { FunctionCell } from "./function-cell";

/**
 * Results on their way to cells. Those set in the same turn of the page arrive together, as one response of Excel
 * on the web, whose payload is capped (ExcelBehaviour.payloadCapBytes: resource-limits-and-performance-
 * optimization.md, "a payload size limit for requests and responses of 5MB"); several cells share it
 * (Excel-Custom-Functions#233, grangeryy, 2020-09-23: "The request exceeds the limit of payload size in excel
 * online due to large data sets"). A response over the cap delivers none of its results: those cells stay `#BUSY!`
 * with no error, as office-js#2222 and office-js#2786 report. A cell's later result arriving alone can still fit.
 */
export class ResultBatch {
  readonly #pending = new Map<FunctionCell, unknown>();
  #scheduled = false;

  constructor(
    private readonly schedule: (task: () => void) => void,
    private readonly cap: () => number | null,
    private readonly arrive: (results: [FunctionCell, unknown][], fits: boolean, bytes: number) => void,
  ) {}

  add(cell: FunctionCell, raw: unknown): void {
    // A later result of the same cell in the same response replaces the earlier one.
    this.#pending.set(cell, raw);
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.schedule(() => this.flush());
  }

  flush(): void {
    this.#scheduled = false;
    const results = [...this.#pending].filter(([cell]) => !cell.canceled);
    this.#pending.clear();
    if (results.length === 0) return;
    const cap = this.cap();
    const bytes = cap === null ? 0 : results.reduce((sum, [, raw]) => sum + payloadBytes(raw), 0);
    this.arrive(results, cap === null || bytes <= cap, bytes);
  }
}

/** A result's size as JSON, in UTF-8 bytes (what the response would carry). */
function payloadBytes(raw: unknown): number {
  try {
    return utf8Bytes(JSON.stringify(raw) ?? "");
  } catch {
    return 0;
  }
}

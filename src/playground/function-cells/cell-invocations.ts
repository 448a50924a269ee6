import { cellAddress, qualifiedAddress } from "../../sheet";
import {
  CustomFunctionsError,
  ErrorCode,
  type FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
} from "../custom-functions";
import type { ArgumentValue } from "../formulas/resolve-args";
import type { FunctionCell } from "./function-cell";
import type { CatalogEntry } from "./function-catalog";

/** How an invocation starts, from the Excel behaviour settings. */
export interface StartOptions {
  /** Identical formulas share one stream (ExcelBehaviour.sharedStreams). */
  shared: boolean;
  /** Streaming functions get `invocation.address` (ExcelBehaviour.streamAddress). */
  streamAddress: boolean;
  /** What `invocation.isInValuePreview` says for an ordinary calculation (false, or "false"). */
  isInValuePreview: boolean | string;
  /** Where each argument came from (given to functions whose metadata asks for it). */
  parameterAddresses?: string[];
}

interface Stream {
  key: string;
  invocation: FakeStreamingInvocation<unknown>;
  cells: Set<FunctionCell>;
}

/**
 * Calls the function for a cell as Excel does: a streaming function gets an invocation whose every setResult
 * reaches the cell (or every cell sharing it), any other function's returned value or promise is one result.
 * Whatever goes wrong on the way shows as a bare #VALUE!. Each started cell gets a `release`: a cell's own
 * invocation is cancelled; a shared stream is cancelled when its last cell lets go.
 */
export class CellInvocations {
  readonly #streams = new Map<string, Stream>();
  #serial = 0;

  constructor(
    private readonly runtime: FakeCustomFunctionsRuntime,
    private readonly deliver: (cell: FunctionCell, raw: unknown) => void,
  ) {}

  start(cell: FunctionCell, entry: CatalogEntry, args: ArgumentValue[], options: StartOptions): void {
    if (cell.canceled) return;
    const address = qualifiedAddress(cell.sheet, cellAddress(cell.row, cell.column));
    const failed = () => this.deliver(cell, new CustomFunctionsError(ErrorCode.invalidValue));
    if (!entry.streaming) {
      let invocation: FakeStreamingInvocation<unknown>;
      try {
        invocation = this.runtime.invocationFor(entry.id, {
          address,
          parameterAddresses: options.parameterAddresses,
          isInValuePreview: options.isInValuePreview,
        });
      } catch {
        return failed();
      }
      cell.invocation = invocation;
      cell.release = () => invocation.cancel();
      void this.runtime.call(entry.id, args, invocation).then((raw) => this.deliver(cell, raw), failed);
      return;
    }
    // Shared: one stream per arguments and full calculation; a full calculation starts new ones.
    const key = options.shared ? `${cell.generation}|${cell.key}` : `own:${++this.#serial}`;
    let stream = this.#streams.get(key);
    if (!stream || stream.invocation.canceled) {
      let invocation: FakeStreamingInvocation<unknown>;
      try {
        invocation = this.runtime.stream(entry.id, args, {
          address,
          parameterAddresses: options.parameterAddresses,
          streamAddress: options.streamAddress,
          isInValuePreview: options.isInValuePreview,
        });
      } catch {
        return failed();
      }
      const created: Stream = { key, invocation, cells: new Set() };
      stream = created;
      this.#streams.set(key, created);
      invocation.onResult((raw) => {
        for (const c of [...created.cells]) this.deliver(c, raw);
      });
    }
    const joined = stream;
    joined.cells.add(cell);
    cell.invocation = joined.invocation;
    cell.release = () => this.#leave(joined, cell);
    // Results set while the function was being entered (or before this cell joined) came before our listener.
    const latest = joined.invocation.latest;
    if (latest !== undefined) this.deliver(cell, latest);
  }

  #leave(stream: Stream, cell: FunctionCell): void {
    stream.cells.delete(cell);
    if (stream.cells.size > 0) return;
    if (this.#streams.get(stream.key) === stream) this.#streams.delete(stream.key);
    stream.invocation.cancel();
  }

  /** The cells a stream serves now (for tests and the inspector). */
  sharing(cell: FunctionCell): number {
    for (const stream of this.#streams.values()) if (stream.cells.has(cell)) return stream.cells.size;
    return 0;
  }
}

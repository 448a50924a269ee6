import type { ChangeListener } from "./change-log";
import { EmulatedOfficeError, officeError } from "./errors";
import { SyncStats, utf8Bytes } from "./sync-stats";
import type { WorkbookState } from "./workbook-state";
import type { EmulatedWorksheet } from "./worksheet";
import { yieldToPage } from "../../clock";

/** A queued action: `payload` is what Office.js would serialize into the request. */
export interface Op {
  payload: unknown;
  /** Applies the action; a large one returns its steps (rows), applied by the sync a slice of time at a time. */
  apply(): void | Iterable<void>;
  /** For loads: bytes of the result and a commit that runs only when the whole response is accepted. */
  result?: { bytes(): number; commit(): void };
}

export interface EmulationLimits {
  requestBytes: number;
  responseBytes: number;
}

/** How long a sync applies a large write before it gives the page a turn (one frame at 60 Hz, about). */
const SLICE_MS = 16;

/** What every context of one workbook shares. */
export interface EmulationHost {
  state: WorkbookState;
  stats: SyncStats;
  limits: EmulationLimits;
  listeners: Set<ChangeListener>;
  /** Syncs that changed cells or sheets (what add-ins and the user write; calculation does not count). */
  editSyncs: number;
}

/**
 * The emulated `RequestContext`: proxies queue operations here and nothing touches the workbook until
 * `sync()`. A sync whose request JSON exceeds the limit (5 MB, as Excel on the web) is rejected with
 * `RequestPayloadSizeLimitExceeded` and applies nothing. Otherwise operations apply in order; if one fails,
 * those before it stay applied (Excel does not roll a batch back) and the sync rejects with that error.
 * A response over the limit rejects with `ResponsePayloadSizeLimitExceeded`: the writes happened, the
 * loaded values are not delivered.
 */
export abstract class EmulatedContext {
  private queue: Op[] = [];
  private closed = false;
  private suspendCalculation = false;

  /**
   * `immediate`: the user's own edits (typing, Delete, paste), which Excel applies at once, with no round trip
   * during which the page would get a turn.
   */
  constructor(
    readonly host: EmulationHost,
    private readonly immediate = false,
  ) {}

  /**
   * The worksheet proxy `range.worksheet` and `table.worksheet` hand out. Ranges and tables cannot construct it
   * themselves (the worksheet module constructs ranges and tables: that would be an import cycle), so the context,
   * made by the workbook module that knows every class, does.
   */
  abstract worksheetProxy(payload: Record<string, unknown>, resolver: () => string | null): EmulatedWorksheet;

  private pause(): Promise<void> {
    return this.immediate ? Promise.resolve() : yieldToPage();
  }

  enqueue(op: Op): void {
    if (this.closed) {
      throw officeError(
        "InvalidObjectPath",
        "This object belongs to an Excel.run batch that has finished; use it inside its batch.",
      );
    }
    this.queue.push(op);
  }

  get hasPending(): boolean {
    return this.queue.length > 0;
  }

  suspendCalculationForThisSync(): void {
    this.suspendCalculation = true;
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  async sync(): Promise<void> {
    if (this.closed)
      throw officeError("InvalidObjectPath", "The request context of a finished Excel.run batch can't sync.");
    const ops = this.queue;
    this.queue = [];
    const suspended = this.suspendCalculation;
    this.suspendCalculation = false;
    await this.pause(); // a sync is a round trip to Excel: the page gets a turn before and after it
    const { state, stats, limits } = this.host;
    const requestBytes = utf8Bytes(JSON.stringify(ops.map((o) => o.payload)));
    const record = { requestBytes, responseBytes: 0, operations: ops.length, calculationSuspended: suspended };
    stats.records.push(record);
    if (requestBytes > limits.requestBytes) {
      const e = officeError(
        "RequestPayloadSizeLimitExceeded",
        `The request payload size (${requestBytes} bytes) has exceeded the limit (${limits.requestBytes} bytes).`,
      );
      Object.assign(record, { error: e.code });
      throw e;
    }
    let failure: EmulatedOfficeError | Error | undefined;
    const inputs = state.changes.inputs;
    try {
      let sliceStart = performance.now();
      for (const op of ops) {
        // A load reads values as calculated after the writes queued before it, as in Excel.
        if (op.result && !suspended) state.recalculate();
        const steps = op.apply();
        if (!steps) continue;
        // A chunk of a large insert: the page stays responsive while its rows land (Excel's window does too).
        for (const _ of steps) {
          if (this.immediate || performance.now() - sliceStart < SLICE_MS) continue;
          await yieldToPage();
          sliceStart = performance.now();
        }
      }
      if (!suspended) state.recalculate();
    } catch (e) {
      failure = e instanceof Error ? e : new Error(String(e));
    }
    if (state.changes.inputs !== inputs) this.host.editSyncs++;
    if (!failure) {
      const loads = ops.filter((o) => o.result);
      record.responseBytes = loads.reduce((sum, o) => sum + (o.result?.bytes() ?? 0), 0);
      if (record.responseBytes > limits.responseBytes) {
        failure = officeError("ResponsePayloadSizeLimitExceeded", `The response payload size has exceeded the limit.`);
      } else for (const o of loads) o.result?.commit();
    }
    this.notify();
    await this.pause();
    if (failure) {
      Object.assign(record, { error: failure instanceof EmulatedOfficeError ? failure.code : "GeneralException" });
      throw failure;
    }
  }

  private notify(): void {
    const { state, listeners } = this.host;
    const events = state.changes.drain((id) => state.sheetById(id)?.name);
    for (const event of events) for (const listener of listeners) listener(event);
  }
}

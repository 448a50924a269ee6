import { addCredits, describePlan, formatBytes, formatCredits } from "../../billing";
import { saveBinding, writeMatrix, type WriteTarget } from "../../excel";
import { tableSourcesChanged } from "../../functions";
import { readKeyOf, tableReadKey } from "../../service-cells";
import { datasetOriginText } from "../../session";
import type { PaneDeps } from "./deps";
import { type InsertSource, bindingFor, clientSource, sourceLabel } from "./insert-source";
import { readTail } from "./insert-preview";
import { paneMessage, rateLimitWaitMessage } from "./messages";
import { addSheet } from "./new-sheet";
import { openPagedRows } from "./page-rows";
import { captionOf, insertedSource, storedSource } from "./table-source";
import { Store } from "./store";

export interface InsertOptions {
  destination: "selection" | "new-sheet";
  asTable: boolean;
  headers: boolean;
  /** A caption row above the table saying where its rows came from (kept current by refreshes). */
  caption?: boolean;
}

export type InsertPhase = "idle" | "preparing" | "writing" | "complete" | "cancelled" | "failed";

export interface InsertState {
  phase: InsertPhase;
  rowsWritten: number;
  totalRows?: number;
  message: string;
  /** Where the block landed ("Sheet2!A1:G501"). */
  address?: string;
  tableName?: string;
}

export const DEFAULT_INSERT_OPTIONS: InsertOptions = { destination: "selection", asTable: true, headers: true };

/** What an insert will cost, shown before the rest is read (its preview, the first rows, is read to learn it). */
export interface InsertCost {
  rows: number;
  bytes: number;
  /**
   * The most the whole insert will spend on the user's plan, its first rows included: the projection with the growth
   * allowance. Stated once; the rest of the read is held to it.
   */
  credits: number;
  /** Credits its first rows cost already. */
  spent: number;
  /** "Free (20 credits per MB)". */
  plan: string;
}

/** "About 152 MB (1,000,000 rows): at most 3,344 credits on Free (20 credits per MB). A preview of its rows is read (2.12 credits)." */
export function insertCostText(cost: InsertCost): string {
  return (
    `About ${formatBytes(cost.bytes)} (${cost.rows.toLocaleString("en-US")} rows): at most ${formatCredits(cost.credits)} on ` +
    `${cost.plan}. A preview of its rows is read (${formatCredits(cost.spent)}).`
  );
}

/**
 * Pages a result from the client straight into the sheet (src/excel writes ≤ 4 MB per sync), with progress and
 * cancel. A cancelled or failed insert leaves the writer's marked partial block and no table, so it can never be
 * taken for a whole result. A complete table insert is bound (document settings) so Refresh All can redo it.
 */
export class InsertController {
  readonly store = new Store<InsertState>({ phase: "idle", rowsWritten: 0, message: "" });
  #abort: AbortController | undefined;

  constructor(
    private readonly deps: Pick<PaneDeps, "session" | "run" | "settings" | "clock">,
    /**
     * Asked, once the preview (the first PROBE_ROWS rows, read whatever is known of the result) told the size, before
     * any further page is read: the pane shows the size and the most it will cost, and the user says yes or no; the
     * read is then held to that figure. Absent: no question, and no preview (tests, tools).
     */
    private readonly confirmCost?: (cost: InsertCost) => Promise<boolean>,
  ) {}

  get busy(): boolean {
    return this.store.state.phase === "preparing" || this.store.state.phase === "writing";
  }

  async insert(source: InsertSource, options: InsertOptions): Promise<InsertState> {
    if (this.busy) return this.store.state;
    const abort = new AbortController();
    this.#abort = abort;
    this.store.set({
      phase: "preparing",
      rowsWritten: 0,
      totalRows: undefined,
      address: undefined,
      tableName: undefined,
      message: "Fetching the first rows…",
    });
    let stopHearingWaits: (() => void) | undefined;
    try {
      const { session } = this.deps;
      const { source: from, params } = clientSource(source);
      const client = session.client();
      stopHearingWaits = client.onRateLimitWait((waitMs) =>
        this.store.set({ message: rateLimitWaitMessage(waitMs, this.store.state.rowsWritten) }),
      );
      // Priced as it goes, within the user's cap per request: a known size over it fetches nothing.
      const meter = session.meterRead(readKeyOf(from, params), {
        capCredits: session.billing.settings.maxCredits,
        where: "pane",
        limit: params.limit,
        ...(this.confirmCost ? { preview: true } : {}),
      });
      meter.check();
      const paged = await openPagedRows(
        session,
        from,
        { ...params, headers: options.headers, onDatapoints: (n) => session.usage.recordDatapoints(n), meter },
        () => this.deps.clock.now(),
      );
      if (paged.columns.length === 0) return this.#end("failed", "The result has no columns: nothing to insert.");
      const whole = meter.whole;
      // Asked only when more is to be read: the rows asked for may all have come already (a limit reached).
      const asking = paged.more && whole !== undefined && !whole.complete && this.confirmCost !== undefined;
      const tail = asking
        ? await readTail(
            session,
            from,
            params,
            {
              rowsRead: meter.rowsRead,
              rowsInAll: whole.rows,
              requestKey: readKeyOf(from, params),
              capCredits: session.billing.settings.maxCredits,
            },
            () => this.deps.clock.now(),
          )
        : undefined;
      const ceiling = meter.ceiling(tail);
      const cost: InsertCost | undefined =
        whole && ceiling !== undefined
          ? {
              rows: whole.rows,
              bytes: whole.bytes,
              credits: addCredits(ceiling, tail?.credits ?? 0),
              spent: addCredits(meter.spent, tail?.credits ?? 0),
              plan: describePlan(session.billing.settings.plan),
            }
          : undefined;
      if (cost && asking && this.confirmCost) {
        this.store.set({ message: insertCostText(cost) });
        if (!(await this.confirmCost(cost))) {
          await paged.batches[Symbol.asyncIterator]().return?.();
          return this.#end("cancelled", `Insert not started: ${insertCostText(cost)}`);
        }
        // The figure agreed to is what the rest may take: never re-estimated upwards behind the user's back.
        meter.holdTo(ceiling!);
      }
      if (abort.signal.aborted) {
        await paged.batches[Symbol.asyncIterator]().return?.();
        return this.#end("cancelled", "Insert cancelled before any row was written.");
      }
      const target: WriteTarget = { run: this.deps.run };
      if (options.destination === "new-sheet") {
        target.sheet = await addSheet(this.deps.run, sourceLabel(source));
        target.cell = "A1";
      }
      this.store.set({ phase: "writing", totalRows: paged.totalRows, message: "Writing rows…" });
      const provenance = insertedSource(source, paged, this.deps.clock.now());
      const caption = options.caption && options.asTable ? captionOf(provenance, this.deps.settings) : undefined;
      const result = await writeMatrix(target, paged.batches, {
        ...(caption !== undefined ? { caption } : {}),
        asTable: options.asTable,
        headers: options.headers,
        tableName: sourceLabel(source),
        numberFormats: paged.numberFormats,
        totalRows: paged.totalRows,
        signal: abort.signal,
        onProgress: (rowsWritten, totalRows) => this.store.set({ rowsWritten, totalRows, message: "Writing rows…" }),
      });
      this.store.set({ rowsWritten: result.rowsWritten, address: result.address, tableName: result.tableName });
      if (result.status === "cancelled") {
        return this.#end(
          "cancelled",
          `Insert cancelled: ${count(result.rowsWritten)} rows written and marked as incomplete at ${result.address}.`,
        );
      }
      if (result.tableName) {
        const binding = bindingFor(
          source,
          { tableName: result.tableName, sheet: result.sheet, address: result.address, headers: options.headers },
          new Date(this.deps.clock.now()),
        );
        binding.source = storedSource(provenance);
        if (caption !== undefined) binding.options = { ...binding.options, caption: true };
        await saveBinding(this.deps.settings, binding, { now: this.deps.clock.now() });
        // Its refreshes read what it read (a query's re-run: its new result's JSON), so this size is their estimate.
        // A query's table read for its latest result is read as CSV: that read is priced by its own first time.
        meter.remember(tableReadKey(result.tableName));
        tableSourcesChanged();
      }
      const partial = paged.partial ? " The result is partial (truncated by the service)." : "";
      const refreshable = result.tableName ? ` Table ${result.tableName} is refreshable.` : "";
      const origin = datasetOriginText(paged.origin, this.deps.clock.now());
      const spent = ` Read ${formatBytes(meter.whole?.bytes ?? 0)}: ${formatCredits(addCredits(meter.spent, tail?.credits ?? 0))}.`;
      return this.#end(
        "complete",
        `Inserted ${count(result.rowsWritten)} rows at ${result.address}.${refreshable}${partial}${spent}${origin ? ` ${origin}` : ""}`,
      );
    } catch (error) {
      return this.#end("failed", paneMessage(error));
    } finally {
      stopHearingWaits?.();
      this.#abort = undefined;
    }
  }

  /** Stops between chunks; what was written stays, marked as incomplete. */
  cancel(): void {
    if (!this.#abort) return;
    this.#abort.abort();
    this.store.set({ message: "Cancelling after the current chunk…" });
  }

  #end(phase: InsertPhase, message: string): InsertState {
    this.store.set({ phase, message });
    return this.store.state;
  }
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

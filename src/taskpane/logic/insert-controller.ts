import { saveBinding, writeMatrix, type WriteTarget } from "../../excel";
import { datasetOriginText } from "../../session";
import type { PaneDeps } from "./deps";
import { type InsertSource, bindingFor, clientSource, sourceLabel } from "./insert-source";
import { paneMessage, rateLimitWaitMessage } from "./messages";
import { addSheet } from "./new-sheet";
import { openPagedRows } from "./page-rows";
import { captionOf, insertedSource, storedSource } from "./table-source";
import { tableSourcesChanged } from "../../functions";
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

/**
 * Pages a result from the client straight into the sheet (src/excel writes ≤ 4 MB per sync), with progress and
 * cancel. A cancelled or failed insert leaves the writer's marked partial block and no table, so it can never be
 * taken for a whole result. A complete table insert is bound (document settings) so Refresh All can redo it.
 */
export class InsertController {
  readonly store = new Store<InsertState>({ phase: "idle", rowsWritten: 0, message: "" });
  #abort: AbortController | undefined;

  constructor(private readonly deps: Pick<PaneDeps, "session" | "run" | "settings" | "clock">) {}

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
      const paged = await openPagedRows(
        session,
        from,
        { ...params, headers: options.headers, onDatapoints: (n) => session.usage.recordDatapoints(n) },
        () => this.deps.clock.now(),
      );
      if (paged.columns.length === 0) return this.#end("failed", "The result has no columns: nothing to insert.");
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
        tableSourcesChanged();
      }
      const partial = paged.partial ? " The result is partial (truncated by the service)." : "";
      const refreshable = result.tableName ? ` Table ${result.tableName} is refreshable.` : "";
      const origin = datasetOriginText(paged.origin, this.deps.clock.now());
      return this.#end(
        "complete",
        `Inserted ${count(result.rowsWritten)} rows at ${result.address}.${refreshable}${partial}${origin ? ` ${origin}` : ""}`,
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

import { isTerminal, knownTime } from "../../client";
import type { PaneDeps } from "./deps";
import type { HistoryEntry, HistoryStore } from "./history-store";
import { collectCsv, csvFileName } from "./csv-download";
import { type CsvDestination, csvDestination, officePlatform } from "./csv-destination";
import type { InsertSource } from "./insert-source";
import type { InsertState } from "./insert-controller";
import { paneMessage } from "./messages";
import { Store } from "./store";
import { historyPatch } from "./run-states";

export interface HistoryState {
  entries: HistoryEntry[];
  message: string;
  /** Execution id an action is running on (download, cancel). */
  busyId?: string;
}

/** Where "Download CSV" can put a result: the view's download, or the pane's insert on a new sheet. */
export interface CsvTargets {
  download(fileName: string, parts: readonly string[]): void;
  newSheet(source: InsertSource): Promise<InsertState>;
}

/** Recent executions on the current service: states brought up to date, cancel, CSV download. */
export class HistoryController {
  readonly store = new Store<HistoryState>({ entries: [], message: "" });
  readonly #unsubscribe: (() => void)[];

  constructor(
    private readonly deps: Pick<PaneDeps, "session" | "clock" | "platform">,
    private readonly history: HistoryStore,
  ) {
    this.#unsubscribe = [
      history.onChange((entries) => this.store.set({ entries: this.#visible(entries) })),
      deps.session.onChange(() => this.store.set({ entries: this.#visible(this.history.entries) })),
    ];
  }

  /** Stops following the store and the session (pane unmounted). */
  dispose(): void {
    for (const off of this.#unsubscribe) off();
  }

  async load(): Promise<void> {
    this.store.set({ entries: this.#visible(await this.history.load()) });
  }

  /** Asks the service for the state of every entry that had not finished yet (one status call each). */
  async refreshStates(): Promise<void> {
    const open = this.store.state.entries.filter((e) => !isTerminal({ state: e.state }) && !this.isExpired(e));
    for (const entry of open) {
      try {
        const status = await this.deps.session.client().status(entry.executionId);
        // State, expiry, rows, and what it cost once the service reports it.
        await this.history.update(entry.executionId, historyPatch(status));
      } catch (error) {
        this.store.set({ message: paneMessage(error) });
        return;
      }
    }
  }

  async cancel(executionId: string): Promise<boolean> {
    return this.#busy(
      executionId,
      async () => {
        const client = this.deps.session.client();
        const cancelled = await client.cancel(executionId);
        const status = await client.status(executionId);
        await this.history.update(executionId, { state: status.state });
        this.store.set({
          message: cancelled ? "Execution cancelled." : `Not cancelled: the execution is ${describe(status.state)}.`,
        });
        return cancelled;
      },
      false,
    );
  }

  /** The CSV's parts and file name; the view turns them into a download. */
  async csv(executionId: string): Promise<{ fileName: string; parts: string[] } | undefined> {
    return this.#busy(
      executionId,
      async () => {
        const entry = this.store.state.entries.find((e) => e.executionId === executionId);
        const partial = entry?.state === "QUERY_STATE_COMPLETED_PARTIAL";
        const parts = await collectCsv(this.deps.session.client(), executionId, { partial });
        this.store.set({ message: "CSV ready." });
        return { fileName: csvFileName(entry?.queryId, executionId), parts };
      },
      undefined,
    );
  }

  /** Where "Download CSV" puts a result on this platform (a new sheet where downloads do nothing: Mac, iPad). */
  csvDestination(): CsvDestination {
    return csvDestination((this.deps.platform ?? officePlatform)());
  }

  /**
   * "Download CSV": the file where the platform can save one; otherwise the result's rows on a new sheet, and the
   * pane says so and how to get the file from there. Resolves with what was done.
   */
  async exportCsv(executionId: string, targets: CsvTargets): Promise<CsvDestination | undefined> {
    if (this.csvDestination() === "download") {
      const csv = await this.csv(executionId);
      if (!csv) return undefined;
      targets.download(csv.fileName, csv.parts);
      this.store.set({ message: `CSV ready: ${csv.fileName}.` });
      return "download";
    }
    const entry = this.store.state.entries.find((e) => e.executionId === executionId);
    return this.#busy(
      executionId,
      async () => {
        const state = await targets.newSheet({
          kind: "execution",
          executionId,
          queryId: entry?.queryId,
          parameters: entry?.parameters,
          performance: entry?.performance,
          partial: entry?.state === "QUERY_STATE_COMPLETED_PARTIAL",
          expiresAt: entry?.expiresAt,
        });
        this.store.set({ message: newSheetMessage(state) });
        return state.phase === "complete" ? ("new-sheet" as const) : undefined;
      },
      undefined,
    );
  }

  /** Results are kept 90 days; after `expires_at` they cannot be inserted or downloaded. */
  isExpired(entry: HistoryEntry): boolean {
    return (
      entry.state === "QUERY_STATE_EXPIRED" ||
      // A zero expiry (the service's "not known yet", in entries written before the client dropped it) is no expiry.
      (knownTime(entry.expiresAt) ?? Infinity) <= this.deps.clock.now()
    );
  }

  hasResult(entry: HistoryEntry): boolean {
    return (
      (entry.state === "QUERY_STATE_COMPLETED" || entry.state === "QUERY_STATE_COMPLETED_PARTIAL") &&
      !this.isExpired(entry)
    );
  }

  async #busy<T>(executionId: string, action: () => Promise<T>, fallback: T): Promise<T> {
    this.store.set({ busyId: executionId, message: "" });
    try {
      return await action();
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
      return fallback;
    } finally {
      this.store.set({ busyId: undefined });
    }
  }

  #visible(entries: HistoryEntry[]): HistoryEntry[] {
    return entries.filter((e) => e.baseUrl === this.deps.session.baseUrl);
  }
}

const NO_DOWNLOAD = "Excel on this computer cannot save a file from an add-in (its add-in window ignores downloads)";

/** What the pane says after "Download CSV" put the result on a new sheet (or could not). */
function newSheetMessage(state: InsertState): string {
  if (state.phase === "complete") {
    const sheet = state.address ? ` (${state.address})` : "";
    return (
      `${NO_DOWNLOAD}, so the result's rows are on a new sheet${sheet}. To get a CSV file, keep that sheet active ` +
      "and use File → Save As with the file format CSV UTF-8 (Comma delimited)."
    );
  }
  if (state.phase === "preparing" || state.phase === "writing") {
    return `${NO_DOWNLOAD}, and the result goes to a new sheet instead: another insert is under way, try again when it ends.`;
  }
  return `${NO_DOWNLOAD}, and putting the result on a new sheet did not finish: ${state.message}`;
}

export function describe(state: string): string {
  return state
    .replace(/^QUERY_STATE_/, "")
    .toLowerCase()
    .replace(/_/g, " ");
}

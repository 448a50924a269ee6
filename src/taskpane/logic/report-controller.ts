import type { Performance, QueryParameterValue } from "../../client";
import { creditsFor } from "./credits";
import type { RunController } from "./run-controller";
import { Store } from "./store";

/** A run the workbook's SERVICE.QUERY cells are waiting for. */
export interface NeededRun {
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  performance: Performance;
  cells: number;
}

/** Where the needed runs come from (the custom functions of the shared runtime). */
export interface NeededRunsSource {
  list(): NeededRun[];
  onChange(listener: () => void): () => void;
}

export interface ReportState {
  needed: NeededRun[];
  /** Credits all needed runs cost together. */
  credits: number;
  running: boolean;
  message: string;
}

/**
 * The Report view: the runs SERVICE.QUERY cells are waiting for (identical inputs across cells once), and "Run all
 * needed", which runs each through the pane's run controller (history, usage, and the cells updated when each
 * completes). Nothing runs until the user clicks, and the button says how many runs and credits it means.
 */
export class ReportController {
  readonly store: Store<ReportState>;

  constructor(
    private readonly source: NeededRunsSource | undefined,
    private readonly run: RunController,
  ) {
    this.store = new Store<ReportState>({ needed: [], credits: 0, running: false, message: "" });
  }

  start(): () => void {
    this.#update();
    return this.source?.onChange(() => this.#update()) ?? (() => undefined);
  }

  /** Runs every needed run, one after another; stops at the first failure and says which. */
  async runAllNeeded(): Promise<ReportState> {
    if (this.store.state.running) return this.store.state;
    const runs = this.store.state.needed;
    this.store.set({ running: true, message: `Running ${runs.length} quer${runs.length === 1 ? "y" : "ies"}…` });
    let done = 0;
    try {
      for (const needed of runs) {
        const end = await this.run.run({
          queryId: needed.queryId,
          parameters: needed.parameters,
          performance: needed.performance,
        });
        if (end.phase !== "completed") {
          this.store.set({ message: `Query ${needed.queryId} did not complete: ${end.message}` });
          return this.store.state;
        }
        done++;
      }
      this.store.set({ message: `${done} run${done === 1 ? "" : "s"} completed.` });
    } finally {
      this.store.set({ running: false });
      this.#update();
    }
    return this.store.state;
  }

  #update(): void {
    const needed = this.source?.list() ?? [];
    this.store.set({ needed, credits: needed.reduce((sum, n) => sum + creditsFor(n.performance), 0) });
  }
}

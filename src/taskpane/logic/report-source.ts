import type { AutomaticRunEvent, BudgetState, PaneRunNote, QueryReportRow, RerunOutcome } from "../../functions";
import type { RunRequest } from "./run-states";

/**
 * What the pane reaches of the functions' SERVICE.QUERY side (the shared runtime's custom functions; absent when
 * that bundle is not loaded): the report's rows, the pane's own runs told to the cells, automatic runs and their
 * daily budget.
 */
export interface QueryReportSource {
  rows(): QueryReportRow[];
  onChange(listener: () => void): () => void;
  /** The pane's run of a parameter set: going, failed, or ended (undefined). */
  note(request: RunRequest, note: PaneRunNote | undefined): void;
  /** Cancels an automatic run of the row `key`; false if none is going. */
  cancelAutomatic(key: string): boolean;
  budget(): BudgetState;
  setBudget(creditsPerDay: number): void;
  rerunStale(): Promise<RerunOutcome>;
  /** Each state an automatic run reaches once the service took it. */
  onAutomaticRun(listener: (event: AutomaticRunEvent) => void): () => void;
}

import type {
  AutomaticRunEvent,
  BudgetState,
  HeldRefresh,
  PaneRunNote,
  QueryReportRow,
  RerunOutcome,
} from "../../functions";
import type { RunRequest } from "./run-states";

/**
 * What the pane reaches of the functions' side (the shared runtime's custom functions; absent when that bundle is
 * not loaded): the SERVICE.QUERY report's rows, the pane's own runs told to the cells, automatic runs, the workbook's
 * one daily budget for everything automatic, and the automatic refreshes it held.
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
  /** Called when the budget's limit, spending or reservations change. */
  onBudgetChange?(listener: () => void): () => void;
  rerunStale(): Promise<RerunOutcome>;
  /** Each state an automatic run reaches once the service took it. */
  onAutomaticRun(listener: (event: AutomaticRunEvent) => void): () => void;
  /** Automatic refreshes of SERVICE cells held for their cost (their cells keep their values untouched). */
  held?(): HeldRefresh[];
  onHeldChange?(listener: () => void): () => void;
}

import type { BillingPlan } from "../billing";
import type { ExitCode } from "./exit-codes";

/**
 * What happened to one item: `refreshed` (new values written), `unchanged` (already current, nothing to read:
 * a stored execution result that never changes), `planned` (--dry-run), `skipped` (left as it was, by choice or
 * by rule: the message says why), `failed` (left as it was; the message says what went wrong).
 */
export type ItemStatus = "refreshed" | "unchanged" | "planned" | "skipped" | "failed";

export interface CellReport {
  /** "Report!B2". */
  cell: string;
  /** DATASET, RESULTS, QUERY, STATUS, or the unknown name as stored. */
  function: string;
  status: ItemStatus;
  /** Rows of its result in the file before and after (header row included, as the cells show it). */
  rowsBefore: number;
  rowsAfter?: number;
  /** The range its result fills, before and after ("B2:D4"). */
  rangeBefore: string;
  rangeAfter?: string;
  /** What it reads (the canonical request, or the remembered run for SERVICE.QUERY). */
  source?: string;
  message?: string;
}

export interface TableReport {
  table: string;
  sheet: string;
  /** Where its rows come from ("dataset dex ethereum", "query 1002 (latest result)"). */
  source: string;
  status: ItemStatus;
  rowsBefore: number;
  rowsAfter?: number;
  rangeBefore: string;
  rangeAfter?: string;
  message?: string;
}

export interface RunReport {
  queryId: number;
  parameters: Record<string, string | number | boolean>;
  performance: string;
  /** Why it runs (or would): not run yet, expired, stale, --rerun all. */
  reason: string;
  status: "ran" | "planned" | "skipped" | "failed";
  executionId?: string;
  /** Estimated before, and (when it ran) what the service reported or the tier's price. */
  estimatedCredits: number;
  credits?: number;
  /** The SERVICE.QUERY cells and tables that show it. */
  shownBy: string[];
  message?: string;
}

/** A read: one distinct request, however many cells show it. */
export interface ReadReport {
  /** The canonical request ("dex/pairs/ethereum?limit=5", "execution:01H…"). */
  request: string;
  /** Response body bytes (uncompressed) the estimate expects, and how it was estimated. */
  estimatedBytes: number;
  basis: "last refresh" | "cached values" | "assumed";
  estimatedCredits: number;
  bytes?: number;
  credits?: number;
  status: "read" | "planned" | "skipped" | "failed";
  shownBy: string[];
  message?: string;
}

export interface DependentReport {
  cell: string;
  status: "recomputed" | "left to Excel";
  message?: string;
}

export interface Credits {
  executions: number;
  reads: number;
  total: number;
}

export interface RefreshReport {
  file: string;
  /** The month-end snapshot sheet added (--snapshot), if one was. */
  snapshot?: string;
  /** Where it was written (absent when nothing was). */
  written?: string;
  dryRun: boolean;
  plan: BillingPlan;
  rerun: "none" | "stale" | "all";
  budget?: number;
  /** The refresh's time (ISO). */
  at: string;
  cells: CellReport[];
  tables: TableReport[];
  runs: RunReport[];
  reads: ReadReport[];
  dependents: DependentReport[];
  estimate: Credits;
  spent: Credits;
  /** Response bytes read (uncompressed), and requests made. */
  bytesRead: number;
  requests: number;
  /** Package parts the write changed, added or dropped. */
  parts?: { changed: string[]; added: string[]; dropped: string[] };
  /** Document settings of the add-in written (names). */
  settings: string[];
  notes: string[];
  exitCode: ExitCode;
  /** One sentence: the outcome. */
  summary: string;
}

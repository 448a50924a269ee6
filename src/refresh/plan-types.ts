import type { CellBlock } from "../sheet";
import type { TableBinding } from "../excel";
import type { CanonicalRequest, CellRequestOptions, QueryRun } from "../service-cells";
import type { QueryParameterValue } from "../client";
import type { PerformanceChoice } from "../billing";
import type { ServiceCell, TableInfo } from "../xlsx";
import type { CellWork } from "./cell-work";
import type { ReadEstimate } from "./estimate";
import type { FormulaAt } from "./precedents";

/** A SERVICE cell and what the refresh will do with it. */
export interface CellPlan {
  cell: ServiceCell;
  /** "Report!B2". */
  address: string;
  /** DATASET, RESULTS, QUERY, STATUS, or the unknown name as stored. */
  fn: string;
  block: CellBlock;
  work?: CellWork;
  /** The read that fills it (an id in `Plan.reads`). */
  readId?: string;
  /** Why it is left as it is, when it is; `failed` when that is a fault rather than a rule. */
  hold?: { message: string; failed: boolean };
  /** Formulas its inputs come from (recomputed now; written back when they changed). */
  inputs: FormulaAt[];
}

/** One distinct read, however many cells and tables show it. */
export interface ReadJob {
  id: string;
  /** The request, for the report. */
  label: string;
  /** Known before anything runs (DATASET, RESULTS, bound tables read as they are). */
  request?: CanonicalRequest;
  /** SERVICE.QUERY and re-run tables: the result of this run key's run, read with these options. */
  fromRun?: { runKey: string; options: CellRequestOptions };
  format: "json" | "csv";
  estimate: ReadEstimate;
  credits: number;
  shownBy: string[];
  /** Set when it need not be read (a stored execution result the file already shows never changes). */
  unchanged?: string;
}

/** One distinct query run (a SERVICE.QUERY parameter set, or a query-bound table re-run). */
export interface RunJob {
  runKey: string;
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  performance: PerformanceChoice;
  reason: string;
  estimatedCredits: number;
  shownBy: string[];
  /** The run remembered now, if any (kept when the new run fails). */
  remembered?: QueryRun;
  /** False when the run is needed but not asked for (--rerun): its cells are held. */
  planned: boolean;
}

export interface TablePlan {
  binding: TableBinding;
  info?: TableInfo;
  source: string;
  readId?: string;
  runKey?: string;
  hold?: { message: string; failed: boolean; unchanged?: boolean };
  rowsBefore: number;
  rangeBefore: string;
}

export interface Plan {
  cells: CellPlan[];
  tables: TablePlan[];
  reads: Map<string, ReadJob>;
  runs: Map<string, RunJob>;
}

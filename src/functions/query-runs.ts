import { type PerformanceChoice, type QueryParameterValue, knownTime } from "../client";
import { type DocumentSettings, DocumentValue } from "./document-value";

/** Results are kept 90 days by the service; a remembered run older than that has nothing left to show. */
export const RUN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** The document setting that holds the workbook's remembered runs (execution ids and times; never a key). */
export const QUERY_RUNS_SETTING = "service.queryRuns";

/** The last completed run of one (query, parameters, performance). */
export interface QueryRun {
  executionId: string;
  /** When it finished (epoch ms). */
  finishedAt: number;
  /** When the service deletes its result (its `expires_at`, epoch ms), when the run's status said. */
  expiresAt?: number;
}

/** When a run's result is gone: the service's word for it, else RUN_RETENTION_MS after the run ended. */
export function runExpiresAt(run: QueryRun): number {
  // A zero time (an older version kept the service's 1970 "not known yet") counts as not said.
  return knownTime(run.expiresAt) ?? run.finishedAt + RUN_RETENTION_MS;
}

function isRun(value: unknown): value is QueryRun {
  const run = value as Partial<QueryRun> | null;
  return !!run && typeof run.executionId === "string" && typeof run.finishedAt === "number";
}

/** Where the workbook keeps its runs: the document's settings in Excel, anything with the same shape in tests. */
export type RunSettings = DocumentSettings;

/**
 * One identity per (query, parameter set, performance): values as the service receives them (text), names sorted.
 * The pane's run and a cell's inputs meet here, whichever typed the values.
 */
export function queryRunKey(
  queryId: number,
  parameters: Record<string, QueryParameterValue>,
  performance: PerformanceChoice,
): string {
  const sorted = Object.keys(parameters)
    .sort()
    .map((name) => [name, String(parameters[name])]);
  return JSON.stringify([queryId, performance, sorted]);
}

/** The key a run of an `auto` cell had when medium was the default tier; undefined for other tiers. */
function legacyKey(key: string): string | undefined {
  try {
    const parsed = JSON.parse(key) as unknown;
    if (!Array.isArray(parsed) || parsed[1] !== "auto") return undefined;
    return JSON.stringify([parsed[0], "medium", parsed[2]]);
  } catch {
    return undefined;
  }
}

/**
 * The runs the workbook remembers, read and written through the document's settings so that anyone who opens the
 * file sees the same results, with their own key, without running anything. Listeners hear of every new run. Each
 * write leaves out the runs whose results have expired, so the document's settings do not grow with every input
 * a workbook ever had.
 */
export class QueryRuns {
  readonly #listeners = new Set<(key: string) => void>();
  readonly #value: DocumentValue;
  readonly #now: () => number;

  constructor(settings: () => RunSettings | undefined, now: () => number) {
    this.#value = new DocumentValue(settings, QUERY_RUNS_SETTING);
    this.#now = now;
  }

  get(key: string): QueryRun | undefined {
    const stored = this.#read();
    const run = stored[key];
    if (isRun(run)) return run;
    // Before "let the service choose" became the default, a cell without `performance=` meant medium: a workbook
    // saved then keeps its runs under medium, and its cells (now auto) still show them.
    const legacy = legacyKey(key);
    const old = legacy === undefined ? undefined : stored[legacy];
    return isRun(old) ? old : undefined;
  }

  record(key: string, run: QueryRun): void {
    const now = this.#now();
    // Entries that are not runs this version can read are kept: a newer version of the add-in may have written them.
    const kept = Object.entries(this.#read()).filter(([, stored]) => !isRun(stored) || runExpiresAt(stored) > now);
    this.#value.write({ ...Object.fromEntries(kept), [key]: run });
    for (const listener of [...this.#listeners]) listener(key);
  }

  onRecord(listener: (key: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #read(): Record<string, unknown> {
    const stored = this.#value.read();
    return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }
}

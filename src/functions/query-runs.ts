import type { Performance, QueryParameterValue } from "../client";
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
  performance: Performance,
): string {
  const sorted = Object.keys(parameters)
    .sort()
    .map((name) => [name, String(parameters[name])]);
  return JSON.stringify([queryId, performance, sorted]);
}

/**
 * The runs the workbook remembers, read and written through the document's settings so that anyone who opens the
 * file sees the same results, with their own key, without running anything. Listeners hear of every new run.
 */
export class QueryRuns {
  readonly #listeners = new Set<(key: string) => void>();
  readonly #value: DocumentValue;

  constructor(settings: () => RunSettings | undefined) {
    this.#value = new DocumentValue(settings, QUERY_RUNS_SETTING);
  }

  get(key: string): QueryRun | undefined {
    const run = this.#read()[key];
    return run && typeof run.executionId === "string" && typeof run.finishedAt === "number" ? run : undefined;
  }

  record(key: string, run: QueryRun): void {
    this.#value.write({ ...this.#read(), [key]: run });
    for (const listener of [...this.#listeners]) listener(key);
  }

  onRecord(listener: (key: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #read(): Record<string, QueryRun> {
    const stored = this.#value.read();
    return stored && typeof stored === "object" ? (stored as Record<string, QueryRun>) : {};
  }
}

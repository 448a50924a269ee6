import type { Performance, QueryParameterValue } from "../client";

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
export interface RunSettings {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  saveAsync?(callback: (result: { status: unknown }) => void): void;
}

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

  constructor(private readonly settings: () => RunSettings | undefined) {}

  get(key: string): QueryRun | undefined {
    const all = this.#read();
    const run = all[key];
    return run && typeof run.executionId === "string" && typeof run.finishedAt === "number" ? run : undefined;
  }

  record(key: string, run: QueryRun): void {
    const settings = this.settings();
    if (settings) {
      settings.set(QUERY_RUNS_SETTING, { ...this.#read(), [key]: run });
      settings.saveAsync?.(() => undefined);
    } else {
      this.#memory[key] = run;
    }
    for (const listener of [...this.#listeners]) listener(key);
  }

  onRecord(listener: (key: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Without document settings (Node, tests), runs live for the session. */
  readonly #memory: Record<string, QueryRun> = {};

  #read(): Record<string, QueryRun> {
    const settings = this.settings();
    if (!settings) return this.#memory;
    const stored = settings.get(QUERY_RUNS_SETTING);
    return stored && typeof stored === "object" ? (stored as Record<string, QueryRun>) : {};
  }
}

import { type QueryParameterValue, knownTime } from "../client";
import type { PerformanceChoice } from "../billing";
import {
  type EntryCollection,
  type SettingsStep,
  type SettingsView,
  pruneEntries,
  putEntry,
  readEntry,
  steps,
  writeSettings,
} from "../document-settings";
import { type DocumentSettings, DocumentSettingsSource } from "./document-value";

/** Results are kept 90 days by the service; a remembered run older than that has nothing left to show. */
export const RUN_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** The older layout: one document setting holding every remembered run, read until the next run moves them out. */
export const LEGACY_QUERY_RUNS_SETTING = "service.queryRuns";
/** The setting listing the remembered runs' keys; each run is in its own (`service.queryRun.<key>`). */
export const QUERY_RUNS_INDEX_SETTING = "service.queryRunIndex";

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

/** One setting per remembered run, so co-authors recording runs keep each other's (entries that are not runs this
 * version can read are kept: a newer version of the add-in may have written them). */
const RUNS: EntryCollection<QueryRun> = {
  index: QUERY_RUNS_INDEX_SETTING,
  entry: (key) => `service.queryRun.${key}`,
  parse: (value) => (isRun(value) ? value : undefined),
  legacy: {
    name: LEGACY_QUERY_RUNS_SETTING,
    entries: (value) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
        : [],
  },
};

/** The run a parameter set shows, as the document's settings remember it (either layout). */
export function rememberedRun(settings: Pick<SettingsView, "get">, key: string): QueryRun | undefined {
  const run = readEntry(settings, RUNS, key);
  if (run) return run;
  // Before "let the service choose" became the default, a cell without `performance=` meant medium: a workbook
  // saved then keeps its runs under medium, and its cells (now auto) still show them.
  const legacy = legacyKey(key);
  return legacy === undefined ? undefined : readEntry(settings, RUNS, legacy);
}

/** Remembers runs (by run key), dropping the remembered runs whose results have expired by `now`. */
export function recordRuns(runs: Iterable<readonly [string, QueryRun]>, now: number): SettingsStep {
  const expired = pruneEntries(RUNS, (_key, stored) => runExpiresAt(stored) <= now);
  return steps(expired, ...[...runs].map(([key, run]) => putEntry(RUNS, key, run)));
}

/**
 * The runs the workbook remembers, read and written through the document's settings so that anyone who opens the
 * file sees the same results, with their own key, without running anything. Listeners hear of every new run. Each
 * write removes the runs whose results have expired, so the document's settings do not grow with every input a
 * workbook ever had, and is merged into what the document holds (a co-author's runs stay).
 */
export class QueryRuns {
  readonly #listeners = new Set<(key: string) => void>();
  readonly #source: DocumentSettingsSource;
  readonly #now: () => number;

  constructor(settings: () => RunSettings | undefined, now: () => number) {
    this.#source = new DocumentSettingsSource(settings);
    this.#now = now;
  }

  get(key: string): QueryRun | undefined {
    return rememberedRun(this.#source.bag, key);
  }

  record(key: string, run: QueryRun): void {
    // A failed save is retried with the next write; the run is in this session's settings meanwhile.
    void writeSettings(this.#source.bag, recordRuns([[key, run]], this.#now())).catch(() => undefined);
    for (const listener of [...this.#listeners]) listener(key);
  }

  onRecord(listener: (key: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

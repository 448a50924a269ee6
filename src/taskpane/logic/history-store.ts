import type { QueryParameterValue } from "../../client";
import type { PerformanceChoice } from "../../billing";
import type { UserItem } from "./deps";

/** One execution started from this pane. Never holds the key: ids, parameters, states and dates only. */
export interface HistoryEntry {
  executionId: string;
  /** The saved query run; 0 for SQL text (`sql`). */
  queryId: number;
  /** The SQL text run from the SQL tab (no saved query behind it). */
  sql?: string;
  parameters: Record<string, QueryParameterValue>;
  performance: PerformanceChoice;
  /** The last state seen (ExecutionState, or a newer one this pane does not know). */
  state: string;
  /** Its estimate until the service reports the cost (`costReported`), then what it cost. */
  credits: number;
  /** The service reported what it cost (its status's `execution_cost_credits`). */
  costReported?: boolean;
  /** ISO timestamps. */
  submittedAt: string;
  expiresAt?: string;
  rowCount?: number;
  /** The service it ran on: an execution id means nothing to another service. */
  baseUrl: string;
  /** The server's error message, for failed runs. */
  error?: string;
}

export const HISTORY_LIMIT = 50;

function isEntry(v: unknown): v is HistoryEntry {
  const e = v as Partial<HistoryEntry> | null;
  return (
    !!e &&
    typeof e.executionId === "string" &&
    typeof e.queryId === "number" &&
    typeof e.state === "string" &&
    typeof e.submittedAt === "string" &&
    typeof e.baseUrl === "string"
  );
}

/**
 * Recent executions, newest first, kept per user (the session's storage, next to the key but never with it)
 * so "what did I run last month" survives closing the workbook. Capped so it never crowds the 10 MB storage.
 */
export class HistoryStore {
  #entries: HistoryEntry[] = [];
  #loaded = false;
  /** Changes run one after another: progress reports arrive while the first upsert is still saving. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<(entries: HistoryEntry[]) => void>();

  constructor(private readonly item: UserItem) {}

  load(): Promise<HistoryEntry[]> {
    return this.#serial(() => this.#load());
  }

  async #load(): Promise<HistoryEntry[]> {
    if (!this.#loaded) {
      try {
        const parsed: unknown = JSON.parse((await this.item.get()) ?? "[]");
        this.#entries = Array.isArray(parsed) ? parsed.filter(isEntry) : [];
      } catch {
        this.#entries = []; // damaged item: start over rather than fail the pane
      }
      this.#loaded = true;
    }
    return this.entries;
  }

  get entries(): HistoryEntry[] {
    return this.#entries.map((e) => ({ ...e }));
  }

  /** Adds an execution or updates it in place (same id). */
  upsert(entry: HistoryEntry): Promise<void> {
    return this.#serial(async () => {
      await this.#load();
      const existing = this.#entries.some((e) => e.executionId === entry.executionId);
      this.#entries = existing
        ? this.#entries.map((e) => (e.executionId === entry.executionId ? { ...e, ...entry } : e))
        : [{ ...entry }, ...this.#entries].slice(0, HISTORY_LIMIT);
      await this.#save();
    });
  }

  update(executionId: string, patch: Partial<HistoryEntry>): Promise<void> {
    return this.#serial(async () => {
      await this.#load();
      if (!this.#entries.some((e) => e.executionId === executionId)) return;
      this.#entries = this.#entries.map((e) => (e.executionId === executionId ? { ...e, ...patch, executionId } : e));
      await this.#save();
    });
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(step, step);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Called after every change with the new list; returns the unsubscribe. */
  onChange(listener: (entries: HistoryEntry[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #save(): Promise<void> {
    for (const listener of [...this.#listeners]) listener(this.entries);
    try {
      await this.item.set(JSON.stringify(this.#entries));
    } catch {
      // Storage full or unavailable: history is a convenience, the run itself must not fail for it.
    }
  }
}

import type { PerformanceChoice } from "../billing";
import type { ExecutionStatus } from "./types";

/** One response body of a result route (a page of rows, JSON or CSV) the client received. */
export interface ReadRecord {
  method: "GET";
  /** The API path (`/v1/execution/…/results`); never a query string, never the key. */
  path: string;
  /** The body's bytes as sent before compression: what the service bills a read by. */
  bytes: number;
  /**
   * The service bills it: a page of a stored result. The envelope of a run that has no result yet (still running,
   * failed, cancelled) exports nothing and is free.
   */
  billed: boolean;
}

/** An execution the service accepted. */
export interface ExecutionRecord {
  executionId: string;
  /** The saved query run; absent for SQL text (`POST /v1/sql/execute`), which has none. */
  queryId?: number;
  performance: PerformanceChoice;
}

/**
 * Told of what the client spends, as it happens: each result page it received (with its exact size), each execution
 * the service accepted, each status it read (which reports the execution's cost). The session counts credits with
 * it. Observers must not throw; what they throw is ignored.
 */
export interface ClientObserver {
  read?(record: ReadRecord): void;
  executed?(record: ExecutionRecord): void;
  status?(status: ExecutionStatus): void;
}

/** Calls one observer hook, never letting it break the request that fed it. */
export function tell<T>(hook: ((value: T) => void) | undefined, value: T): void {
  if (!hook) return;
  try {
    hook(value);
  } catch {
    // A broken counter must not fail a read that succeeded.
  }
}

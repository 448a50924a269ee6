import type { AuditEntry, Budgets, ExecutionOwner, TeamSettings } from "../gateway-store";
import type { Counter } from "../budget-rule";
import { DEFAULT_TIME_ZONE } from "../periods";
import type { ReservationRecord } from "../reservation-record";

/**
 * The file store's state, one JSON document rewritten atomically after every change (`state.json`). The audit log
 * lives apart, appended to `audit.jsonl`; entries are first written into this document (`pendingAudit`) in the same
 * atomic write as the counters they go with, then appended to the log, so a crash between the two loses nothing:
 * the next open appends what the log lacks.
 */
export const STATE_VERSION = 1;

export interface StoredPerson {
  admin: boolean;
  createdAt: number;
  revokedAt: number | null;
  budgets: Budgets;
  tokenHash: string | null;
}

export interface StoredCounter extends Counter {
  touchedAt: number;
}

export interface FileState {
  version: number;
  team: TeamSettings;
  people: Record<string, StoredPerson>;
  /** Keyed by `scope|period`. */
  counters: Record<string, StoredCounter>;
  reservations: Record<string, ReservationRecord>;
  executions: Record<string, ExecutionOwner>;
  /** The last audit entry id given. */
  auditId: number;
  pendingAudit: AuditEntry[];
}

export function emptyState(): FileState {
  return {
    version: STATE_VERSION,
    team: { perDay: null, perMonth: null, timeZone: DEFAULT_TIME_ZONE },
    people: {},
    counters: {},
    reservations: {},
    executions: {},
    auditId: 0,
    pendingAudit: [],
  };
}

/** The state read back, or an error naming the file when it is not a state this version can read. */
export function parseState(text: string, path: string): FileState {
  let state: FileState;
  try {
    state = JSON.parse(text) as FileState;
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message}); restore it from a backup.`);
  }
  if (typeof state !== "object" || state === null || typeof state.version !== "number") {
    throw new Error(`${path} is not a gateway state file.`);
  }
  if (state.version > STATE_VERSION) {
    throw new Error(`${path} was written by a newer version of the gateway (state version ${state.version}).`);
  }
  return { ...emptyState(), ...state };
}

export const counterId = (scope: string, period: string) => `${scope}|${period}`;

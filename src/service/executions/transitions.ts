import { TIER_CREDITS } from "../../billing";
import { isTerminal, RETENTION_MS, STATES, type ExecutionRecord, type ResultColumn } from "./execution-record";

/** How a run ends: with its stored result, with a message, or cancelled. */
export type Outcome =
  | {
      state: typeof STATES.completed | typeof STATES.partial;
      resultFile: string;
      resultChecksum: string;
      rowCount: number;
      resultBytes: number;
      columns: ResultColumn[];
    }
  | { state: typeof STATES.failed; errorMessage: string; refund?: boolean }
  | { state: typeof STATES.cancelled };

/**
 * The only two moves a run's state makes, each decided at once: the check and the change happen with no await
 * between them, so of the tasks racing to end a run (a cancel, the engine finishing, a failure) exactly one wins and
 * every other learns that it lost. Returns whether this move happened.
 */
export function startRun(record: ExecutionRecord, now: number): boolean {
  if (record.state !== STATES.pending) return false;
  record.state = STATES.executing;
  record.startedAt = now;
  // Credits are spent when the engine starts: a run cancelled while still queued costs nothing.
  record.credits = TIER_CREDITS[record.performance];
  return true;
}

export function endRun(record: ExecutionRecord, outcome: Outcome, now: number): boolean {
  if (isTerminal(record.state)) return false;
  const { refund, ...fields } = { refund: false, ...outcome };
  Object.assign(record, fields, { endedAt: now, expiresAt: now + RETENTION_MS });
  if (outcome.state === STATES.cancelled) record.cancelledAt = now;
  // A run the service could not store (its disk was full) costs nothing.
  if (refund) record.credits = 0;
  return true;
}

import { addCredits, TIER_CREDITS } from "../../billing";
import { isTerminal, STATES, type ExecutionRecord } from "./execution-record";

/**
 * What one key's runs add up to, read from the records every run keeps in memory: credits charged in a billing
 * period, and runs in flight. Scans are linear in the runs held, which a local service keeps in the thousands.
 */

/** Every run held, by execution id (iterated afresh by each scan). */
type Records = ReadonlyMap<string, ExecutionRecord>;

/**
 * Credits charged for the key's executions started in [from, to); with `queued`, also the price of its runs not
 * started yet (they will be charged when they start; a run cancelled while queued costs nothing).
 */
export function executionCredits(records: Records, keyId: string, from: number, to: number, queued = false): number {
  const amounts: number[] = [];
  for (const record of records.values()) {
    if (record.keyId !== keyId) continue;
    if (record.credits > 0) {
      const at = record.startedAt ?? record.submittedAt;
      if (at >= from && at < to) amounts.push(record.credits);
    } else if (queued && !isTerminal(record.state)) amounts.push(TIER_CREDITS[record.performance]);
  }
  return addCredits(...amounts);
}

/** The key's runs executing now. */
export function executingRuns(records: Records, keyId: string): number {
  let count = 0;
  for (const record of records.values()) if (record.keyId === keyId && record.state === STATES.executing) count += 1;
  return count;
}

/** A status's in-flight fields: how many runs of a key may execute at once, and `reached` as the real service sets it. */
export interface InflightFields {
  max: number;
  reached: number;
}

/**
 * The in-flight fields of `record`'s status under a limit of `max` runs executing per key: `reached` counts the key's
 * runs in progress (queued or executing) while this run waits for the limit, and is 0 otherwise (the real service
 * sets it above 0 only when the limit is reached).
 */
export function inflightFields(records: Records, record: ExecutionRecord, max: number): InflightFields {
  if (record.state !== STATES.pending || executingRuns(records, record.keyId) < max) return { max, reached: 0 };
  let inProgress = 0;
  for (const other of records.values()) if (other.keyId === record.keyId && !isTerminal(other.state)) inProgress += 1;
  return { max, reached: inProgress };
}

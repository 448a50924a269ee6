/**
 * Which curated snapshots to keep. A snapshot can still be asked for in two ways only:
 * - as its dataset's current snapshot (the dataset's endpoint, or the latest result of its query id), which is
 *   always the snapshot of the slot in force: older ones are never served that way again;
 * - by its execution id (status, results JSON and CSV), which a caller knows only if the id was sent to one: the
 *   dataset endpoint's JSON envelope carries it; the latest-result CSV does not.
 * So the current snapshot of each dataset is kept; a superseded one whose id was never sent is removed, record and
 * file (nobody can name it, and its data is a pure function of the seed and the slot, so nothing is lost); a
 * superseded one whose id was sent is kept like any execution, 90 days, unless the snapshots together pass their
 * disk budget, when the oldest of them expire first (their ids then read as EXPIRED).
 */
import { STATES, type ExecutionRecord } from "../executions/execution-record";

/**
 * A superseded snapshot is left alone this long after the newer one took over, so a request that was handed the
 * older one a moment before reads it to the end.
 */
export const SUPERSEDED_GRACE_MS = 60_000;

/** The current snapshot of a dataset, and since when (the clock's reading when it took over). */
export interface CurrentSnapshot {
  executionId: string;
  since: number;
}

export interface RetentionPlan {
  /** Superseded snapshots whose ids were never sent: removed outright. */
  remove: ExecutionRecord[];
  /** Superseded snapshots whose ids were sent, oldest first, expired early to keep within the budget. */
  expire: ExecutionRecord[];
}

/** Whether a snapshot's execution id has been sent to a caller (one stored before this was recorded counts as sent). */
export function idWasSent(record: ExecutionRecord): boolean {
  return record.idServed !== false;
}

export function planRetention(
  records: Iterable<ExecutionRecord>,
  current: ReadonlyMap<string, CurrentSnapshot>,
  now: number,
  budgetBytes: number,
): RetentionPlan {
  const held = [...records].filter((r) => r.dataset !== undefined && r.state !== STATES.expired && r.resultFile);
  const superseded = held.filter((r) => {
    const newer = current.get(r.dataset as string);
    return newer !== undefined && newer.executionId !== r.executionId && now - newer.since >= SUPERSEDED_GRACE_MS;
  });
  const remove = superseded.filter((r) => !idWasSent(r));
  const removed = new Set(remove);
  let bytes = held.reduce((sum, r) => sum + (removed.has(r) ? 0 : (r.resultBytes ?? 0)), 0);
  const expire: ExecutionRecord[] = [];
  const oldestFirst = superseded.filter(idWasSent).sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0));
  for (const record of oldestFirst) {
    if (bytes <= budgetBytes) break;
    expire.push(record);
    bytes -= record.resultBytes ?? 0;
  }
  return { remove, expire };
}

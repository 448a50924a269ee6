/**
 * Pacing the team key's requests: a sliding window per class (the service counts its limits per minute), shared by
 * every instance through the store, so that the team never sends more than its limit in any window, and shared
 * fairly between people:
 * - a tenth of the limit (at least 1, when the limit is 2 or more) is always kept for someone other than the people
 *   already sending, so a newcomer's first requests go out at once even while someone else pulls a large result;
 * - the rest is split evenly between the people who sent in the window (the asker included): one person alone may
 *   use nine tenths of the limit, two people half of that each, and so on.
 * A request refused is told how long until the window has room for it (the relay's `Retry-After`).
 */
export const DEFAULT_PACING_WINDOW_MS = 60_000;

export interface PacingGrant {
  person: string;
  at: number;
}

export interface PacingInput {
  person: string;
  now: number;
  limit: number;
  windowMs: number;
  /** Grants made in the window ending now, any order. */
  grants: readonly PacingGrant[];
}

export type PacingRuling = { ok: true } | { ok: false; retryAfterMs: number };

/** Room kept for newcomers. */
export function newcomerRoom(limit: number): number {
  return limit >= 2 ? Math.max(1, Math.ceil(limit / 10)) : 0;
}

/** What each of `people` active senders may have in one window. */
export function fairShare(limit: number, people: number): number {
  return Math.max(1, Math.floor((limit - newcomerRoom(limit)) / Math.max(1, people)));
}

export function pacingRuling(input: PacingInput): PacingRuling {
  const { person, now, limit, windowMs } = input;
  const inWindow = input.grants.filter((grant) => grant.at > now - windowMs).sort((a, b) => a.at - b.at);
  const people = new Set(inWindow.map((grant) => grant.person)).add(person).size;
  const share = fairShare(limit, people);
  const mine = inWindow.filter((grant) => grant.person === person);
  let waitUntil = now;
  // The window has room once enough of its oldest grants have left it.
  if (inWindow.length >= limit) waitUntil = Math.max(waitUntil, inWindow[inWindow.length - limit]!.at + windowMs);
  if (mine.length >= share) waitUntil = Math.max(waitUntil, mine[mine.length - share]!.at + windowMs);
  return waitUntil <= now ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, waitUntil - now) };
}

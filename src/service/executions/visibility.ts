import type { Caller } from "../auth/keys";
import type { SavedQuery } from "../queries/saved-query";
import type { ExecutionRecord } from "./execution-record";

/** A query is reachable when it is public, or owned by the caller or one of the caller's teams. */
export function canSeeQuery(query: SavedQuery | undefined, caller: Caller): query is SavedQuery {
  if (!query) return false;
  if (!query.is_private) return true;
  return query.owner === caller.user || (query.team !== null && caller.teams.includes(query.team));
}

/**
 * The one access rule for an execution (status, results JSON and CSV, cancel, latest-by-query): visible to the user
 * who started it, to everyone when its query is public, and to members of the query's own team when the query is
 * private. Nobody else: they are told "not found", exactly as for an unknown id. Curated datasets are public. The
 * runner's other teams grant nothing: a private query's results follow the query, not the person who ran it.
 */
export function canSeeExecution(record: ExecutionRecord, query: SavedQuery | undefined, caller: Caller): boolean {
  if (record.dataset) return true;
  if (record.user === caller.user) return true;
  if (!query) return false;
  if (!query.is_private) return true;
  return query.team !== null && caller.teams.includes(query.team);
}

/** Only the user who started a run may cancel it; others who can see it are told so (403). */
export function canCancelExecution(record: ExecutionRecord, caller: Caller): boolean {
  return record.user === caller.user;
}

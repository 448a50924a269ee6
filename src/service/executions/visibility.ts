import type { Caller } from "../auth/keys";
import type { SavedQuery } from "../queries/saved-query";
import type { ExecutionRecord } from "./execution-record";

/** A query is reachable when it is public, or owned by the caller or one of the caller's teams. */
export function canSeeQuery(query: SavedQuery | undefined, caller: Caller): query is SavedQuery {
  if (!query) return false;
  if (!query.is_private) return true;
  return query.owner === caller.user || (query.team !== null && caller.teams.includes(query.team));
}

/** Results are visible to whoever ran them, their teams, everyone when the query is public, and always for datasets. */
export function canSeeExecution(record: ExecutionRecord, query: SavedQuery | undefined, caller: Caller): boolean {
  if (record.dataset) return true;
  if (record.user === caller.user) return true;
  if (record.teams.some((t) => caller.teams.includes(t))) return true;
  return query !== undefined && !query.is_private;
}

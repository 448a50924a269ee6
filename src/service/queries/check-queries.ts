import { checkPlaceholders } from "./placeholder-rules";
import type { SavedQuery } from "./saved-query";

/** A query id taken by something other than a saved query (a curated dataset), with the name to report. */
export interface ReservedQueryId {
  queryId: number;
  name: string;
}

/**
 * Checks the saved queries the service starts with, however they were given (a file or code): the placeholder rule,
 * and one id space. Saved queries and the curated datasets share query ids (latest-by-query serves a dataset's id to
 * every key), so a saved query on a dataset's id would be served publicly: refused, naming both, whether or not the
 * datasets are switched on, so that switching them on later cannot change what a query id means.
 */
export function checkSavedQueries(queries: readonly SavedQuery[], reserved: readonly ReservedQueryId[]): void {
  const seen = new Map<number, SavedQuery>();
  for (const q of queries) {
    const where = `query ${q.query_id} ("${q.name}")`;
    const twin = seen.get(q.query_id);
    if (twin) throw new Error(`${where}: its id is also the id of query "${twin.name}"`);
    seen.set(q.query_id, q);
    const taken = reserved.find((r) => r.queryId === q.query_id);
    if (taken) {
      throw new Error(
        `${where}: ${q.query_id} is the query id of the curated dataset "${taken.name}"; saved queries and curated ` +
          `datasets share one id space (a dataset's results are public by query id): give the saved query another id`,
      );
    }
    checkPlaceholders(q, where);
  }
}

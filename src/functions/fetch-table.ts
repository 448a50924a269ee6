import { collectTable, knownTime, type Page, type Source } from "../client";
import type { DatasetOrigin, Session } from "../session";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";
import { SpillTooLargeError, roughValueBytes } from "./spill-limit";

export interface FetchOutcome {
  table: CachedTable;
  /** HTTP requests the pages took. */
  requests: number;
}

function clientSource(request: CanonicalRequest): Source {
  const source = request.source;
  if (source.kind === "dataset") return { dataset: source.dataset, args: source.args };
  if (source.kind === "execution") return { executionId: source.executionId };
  return { queryId: source.queryId };
}

/**
 * A request's pages: a dataset through the session, which reads the saved query behind it where the endpoint is
 * gone (and says so in `origin`); anything else straight from the client.
 */
function openPages(
  session: Session,
  request: CanonicalRequest,
  now: () => number,
): { pages: AsyncIterable<Page>; origin: () => DatasetOrigin | undefined } {
  const source = request.source;
  if (source.kind === "dataset") return session.readDataset(source, { ...request.params }, now);
  return { pages: session.client().pages(clientSource(request), { ...request.params }), origin: () => undefined };
}

/**
 * Every page of a request, stopping as soon as the rows so far are clearly too large to spill: a 1,000,000-row
 * result asked for without a limit costs a page or two, not the whole download (the client's byte cap leaves the
 * pages early, which cancels what is in flight).
 */
export async function fetchTable(
  session: Session,
  request: CanonicalRequest,
  limitBytes: number,
  now: () => number,
): Promise<FetchOutcome> {
  const read = openPages(session, request, now);
  const table = await collectTable(read.pages, {
    byteCap: {
      // A little slack: the rough estimate runs a bit under or over the exact one done when rendering.
      bytes: Math.ceil(limitBytes * 1.2),
      measure: roughValueBytes,
      tooLarge: (progress) => new SpillTooLargeError({ ...progress, limitBytes }),
    },
  });
  const { columns, types, rows, partial, typesInferred, totalRowCount } = table;
  const cached: CachedTable = { columns, types, rows, partial, typesInferred };
  if (totalRowCount !== undefined) cached.totalRowCount = totalRowCount;
  const expiresAt = knownTime(table.expiresAt);
  if (expiresAt !== undefined) cached.expiresAt = expiresAt;
  const origin = read.origin();
  if (origin?.kind === "query") cached.origin = origin;
  return { table: cached, requests: Math.max(1, table.requestCount) };
}

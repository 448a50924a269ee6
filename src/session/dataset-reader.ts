import {
  InvalidArgumentError,
  type Page,
  type PagingParams,
  type ServiceClient,
  combineFilters,
  datasetFallback,
  isNotFoundError,
  resultMatchesDataset,
} from "../client";
import { DatasetUnavailableError } from "./dataset-unavailable-error";
import type { DatasetRoutes } from "./dataset-routes";

/** Where a dataset's rows came from: its endpoint, or the latest result of the saved query behind it. */
export type DatasetOrigin =
  | { kind: "endpoint"; path: string }
  | {
      kind: "query";
      /** The endpoint the query stands in for. */
      path: string;
      queryId: number;
      /** The run whose result was read, and when it ended (the rows' age), as the service said. */
      executionId?: string;
      endedAt?: string;
      /** When the endpoint was first found gone at this address (epoch ms). */
      goneSince: number;
    };

export interface DatasetReadDeps {
  client: ServiceClient;
  routes: DatasetRoutes;
  /** The service address the client talks to: routes are remembered per address. */
  baseUrl: string;
  now(): number;
}

/** A dataset's pages, and where they came from once the first page is in. */
export interface DatasetRead {
  pages: AsyncGenerator<Page, void, undefined>;
  origin(): DatasetOrigin | undefined;
}

type Opened = { first: Page; rest: AsyncIterator<Page, void> } | { gone: true; reason: string; cause?: unknown };

/** The first page of a source, or why it cannot stand for the dataset (a 404, other columns). */
async function open(pages: AsyncGenerator<Page, void, undefined>, accept: (page: Page) => boolean): Promise<Opened> {
  let next: IteratorResult<Page, void>;
  try {
    next = await pages.next();
  } catch (error) {
    if (isNotFoundError(error)) return { gone: true, reason: error.userMessage, cause: error };
    throw error;
  }
  if (next.done) return { gone: true, reason: "it returned no page" };
  if (!accept(next.value)) {
    await pages.return();
    return {
      gone: true,
      reason: `its columns (${next.value.columns.slice(0, 6).join(", ")}, …) are not the dataset's`,
    };
  }
  return { first: next.value, rest: pages };
}

async function* drain(first: Page, rest: AsyncIterator<Page, void>): AsyncGenerator<Page, void, undefined> {
  let finished = false;
  try {
    yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      yield next.value;
    }
    finished = true;
  } finally {
    // Leaving early stops the requests still in flight.
    if (!finished) await rest.return?.();
  }
}

/**
 * A curated dataset's pages, read from its endpoint or, where the endpoint is gone, from its saved query's latest
 * result with the path arguments as filters (`chain = 'ethereum' AND (<own filters>)`), transparently. Arguments
 * are checked against the catalog first (an unknown dataset, chain or market fails here, before any request), so a
 * 404 from the endpoint means the endpoint itself is gone. Which query answered is remembered per service address:
 * the next read goes straight to it (and back to the endpoint if that query ever stops answering).
 */
export function readDataset(
  deps: DatasetReadDeps,
  source: { dataset: string; args?: readonly string[] },
  params: PagingParams = {},
): DatasetRead {
  const fallback = datasetFallback(source.dataset, source.args ?? []);
  const { client, routes, baseUrl } = deps;
  let origin: DatasetOrigin | undefined;
  const queryParams: PagingParams = { ...params };
  const filters = combineFilters(fallback.pathFilter, params.filters);
  if (filters !== undefined) queryParams.filters = filters;
  // Asked for its own columns, the result has those; otherwise it must look like the dataset (not another query).
  const accept = (page: Page) => params.columns !== undefined || resultMatchesDataset(fallback, page.columns);

  /** The query's first page (and the origin it gives), or why it cannot stand for the endpoint. */
  async function fromQuery(queryId: number, goneSince: number): Promise<Opened> {
    if (fallback.pathFilter !== undefined && params.sample_count !== undefined) {
      const what = fallback.filterColumns.length === 1 ? "argument" : "arguments";
      throw new InvalidArgumentError(
        `sample_count cannot be used with dataset "${fallback.dataset}" now that its endpoint is gone: its rows come ` +
          `from a saved query where the path ${what} become filters, and the service takes no sample of filtered ` +
          "rows. Use limit instead.",
      );
    }
    const opened = await open(client.pages({ queryId, format: "json" }, queryParams), accept);
    if ("gone" in opened) return opened;
    const { first } = opened;
    origin = { kind: "query", path: fallback.path, queryId, goneSince };
    if (first.executionId) origin.executionId = first.executionId;
    if (first.endedAt) origin.endedAt = first.endedAt;
    return opened;
  }

  async function* read(): AsyncGenerator<Page, void, undefined> {
    const remembered = await routes.get(baseUrl, fallback.dataset);
    if (remembered) {
      const opened = await fromQuery(remembered.queryId, remembered.since);
      if (!("gone" in opened)) return yield* drain(opened.first, opened.rest);
      // The remembered query stopped answering: ask the endpoint again, then every query.
      await routes.forget(baseUrl, fallback.dataset);
    }
    const endpoint = await open(client.pages(source, params), () => true);
    if (!("gone" in endpoint)) {
      origin = { kind: "endpoint", path: fallback.path };
      return yield* drain(endpoint.first, endpoint.rest);
    }
    const goneSince = deps.now();
    const reasons: string[] = [];
    let cause: unknown;
    for (const queryId of fallback.queryIds) {
      const opened = await fromQuery(queryId, goneSince);
      if ("gone" in opened) {
        reasons.push(`${queryId}: ${opened.reason}`);
        cause ??= opened.cause;
        continue;
      }
      await routes.remember(baseUrl, fallback.dataset, { queryId, since: goneSince });
      return yield* drain(opened.first, opened.rest);
    }
    throw new DatasetUnavailableError({
      path: fallback.path,
      queryIds: fallback.queryIds,
      reason: reasons.join("; "),
      cause,
    });
  }

  return { pages: read(), origin: () => origin };
}

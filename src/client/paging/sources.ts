import { datasetPath } from "../catalog/lookup";
import { parseCsvPage } from "../csv/parse-csv";
import { InvalidArgumentError } from "../errors/local-errors";
import type { ResultParams } from "../params";
import type { CsvPage, QueryParameterValue, Source } from "../types";

type QueryInputs = Record<string, QueryParameterValue>;
import { checkExecutionId, checkQueryId, segment } from "../validate";
import type { PageFetcher, PageWindow, RawPage } from "./raw-page";

/** How a source turns a window into one response; the client supplies these. */
export interface SourceIo {
  /** E2 or E6–E11: one envelope, already reduced to a RawPage. `inputs`: a saved query's, on its latest result. */
  json(path: string, params: ResultParams, signal: AbortSignal, inputs?: QueryInputs): Promise<RawPage>;
  /** E3 or E5: one CSV page (with its body's bytes). */
  csv(path: string, params: ResultParams, signal: AbortSignal, inputs?: QueryInputs): Promise<CsvPage>;
}

/** A fetcher for JSON sources: the shared parameters plus the window. */
export function jsonFetcher(io: SourceIo, path: string, base: ResultParams): PageFetcher {
  return (window, signal) => io.json(path, withWindow(base, window), signal);
}

/**
 * A fetcher for a query's latest result as JSON: the first page from the latest result, every later one from the
 * execution that page came from. A run that completes during a long pull then cannot mix two results (the service's
 * own `next_uri` points at the execution as well). `paginate` fetches the first page alone, so every later page
 * knows the execution.
 */
export function latestJsonFetcher(
  io: SourceIo,
  latestPath: string,
  base: ResultParams,
  inputs?: QueryInputs,
): PageFetcher {
  let pinned: string | undefined;
  return async (window, signal) => {
    const path = pinned === undefined ? latestPath : `/v1/execution/${segment(pinned, "execution id")}/results`;
    const page = await io.json(path, withWindow(base, window), signal, pinned === undefined ? inputs : undefined);
    if (pinned === undefined && page.executionId) pinned = page.executionId;
    return page;
  };
}

/** Which requests read a source's pages. Arguments are checked here, before any request. */
export function fetcherFor(source: Source, params: ResultParams, io: SourceIo): PageFetcher {
  if (source && "executionId" in source) {
    return jsonFetcher(io, `/v1/execution/${checkExecutionId(source.executionId)}/results`, params);
  }
  if (source && "queryId" in source) {
    const id = checkQueryId(source.queryId);
    const format = source.format ?? "csv";
    const inputs = source.parameters;
    if (format === "json") return latestJsonFetcher(io, `/v1/query/${id}/results`, params, inputs);
    if (format === "csv") return csvFetcher(io, `/v1/query/${id}/results/csv`, params, inputs);
    throw new InvalidArgumentError(`format must be "csv" or "json"; got "${String(format)}"`);
  }
  if (source && "dataset" in source) return jsonFetcher(io, datasetPath(source.dataset, source.args ?? []), params);
  throw new InvalidArgumentError(
    'source must be { executionId }, { queryId } (format "csv", the default, or "json") or { dataset, args }',
  );
}

/** A fetcher for CSV sources: every page's header row is dropped, types are guessed from the values. */
export function csvFetcher(io: SourceIo, path: string, base: ResultParams, inputs?: QueryInputs): PageFetcher {
  return async (window, signal) => {
    const page = await io.csv(path, withWindow(base, window), signal, inputs);
    const raw = csvToRawPage(page);
    if (page.bytes !== undefined) raw.bytes = page.bytes;
    return raw;
  };
}

export function csvToRawPage(page: CsvPage): RawPage {
  const { header, rows, types } = parseCsvPage(page.text);
  const raw: RawPage = {
    columns: header,
    types,
    typesInferred: true,
    rows,
    partial: false,
  };
  if (page.nextOffset !== undefined) raw.nextOffset = page.nextOffset;
  return raw;
}

function withWindow(base: ResultParams, window: PageWindow): ResultParams {
  const params: ResultParams = { ...base };
  delete params.offset;
  delete params.limit;
  if (window.offset !== undefined) params.offset = window.offset;
  if (window.limit !== undefined) params.limit = window.limit;
  if (window.liftGuard) {
    // On purpose: a page larger than the service's default, which its per-request guard would cut or refuse.
    delete params.ignore_max_datapoints_per_request;
    params.ignore_max_credits_per_request = true;
  }
  return params;
}

import { parseCsvPage } from "../csv/parse-csv";
import type { ResultParams } from "../params";
import type { CsvPage } from "../types";
import type { PageFetcher, RawPage } from "./raw-page";

/** How a source turns a window into one response; the client supplies these. */
export interface SourceIo {
  /** E2 or E6–E11: one envelope, already reduced to a RawPage. */
  json(path: string, params: ResultParams, signal: AbortSignal): Promise<RawPage>;
  /** E3 or E5: one CSV page. */
  csv(path: string, params: ResultParams, signal: AbortSignal): Promise<CsvPage>;
}

/** A fetcher for JSON sources: the shared parameters plus the window. */
export function jsonFetcher(io: SourceIo, path: string, base: ResultParams): PageFetcher {
  return (window, signal) => io.json(path, withWindow(base, window), signal);
}

/** A fetcher for CSV sources: every page's header row is dropped, types are guessed from the values. */
export function csvFetcher(io: SourceIo, path: string, base: ResultParams): PageFetcher {
  return async (window, signal) => {
    const page = await io.csv(path, withWindow(base, window), signal);
    return csvToRawPage(page);
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

function withWindow(base: ResultParams, window: { offset?: number; limit?: number }): ResultParams {
  const params: ResultParams = { ...base };
  delete params.offset;
  delete params.limit;
  if (window.offset !== undefined) params.offset = window.offset;
  if (window.limit !== undefined) params.limit = window.limit;
  return params;
}

import type { Page, PagingParams, Source } from "../../client";
import type { DatasetOrigin, ReadMeter } from "../../session";
import type { RowBatches } from "../../excel";
import { numberFormatsFor, toSheetMatrix, type CellValue } from "../../sheet";
import type { PaneSession } from "./deps";

/** A result opened for writing: its shape from the first page, its rows streamed page by page. */
export interface PagedRows {
  columns: string[];
  types: string[];
  numberFormats: string[];
  /** Data rows in the whole result, when the server says (JSON sources). */
  totalRows?: number;
  partial: boolean;
  /** The header row (when asked) then every page's rows as cell values; stops paging when closed early. */
  batches: RowBatches;
  /** A dataset read through its saved query (its endpoint is gone): which query and when its result ended. */
  origin?: DatasetOrigin;
  /** More pages follow the first: the whole is then known only as the meter estimates it. */
  more: boolean;
  /** What the first page said of the rows' run and query (JSON sources): their provenance. */
  read: { executionId?: string; endedAt?: string; queryId?: number };
}

export interface OpenOptions extends Omit<PagingParams, "signal"> {
  headers: boolean;
  /** Rows × columns of each page as it arrives (session usage). */
  onDatapoints?: (count: number) => void;
  /**
   * Prices the read as it goes: its paging parameters (a first page that tells the size, pages as large as the cap
   * allows), each page checked against the cap (and an automatic budget), and the size remembered once all is read.
   */
  meter?: ReadMeter;
}

/**
 * Fetches the first page (for the columns, types and total the writer needs before it starts), then hands the
 * rest over as an async iterable so a million-row result is never held in memory at once. No abort signal is
 * passed to paging on purpose: the writer cancels between chunks and closes the iterable, which stops the
 * requests; an aborted page would instead surface as a failed, not a cancelled, insert. A dataset is read through
 * the session, which goes to the saved query behind it where the endpoint is gone (then `origin` says so).
 */
export async function openPagedRows(
  session: Pick<PaneSession, "client" | "readDataset">,
  source: Source,
  options: OpenOptions,
  now: () => number,
): Promise<PagedRows> {
  const { headers, onDatapoints, meter, ...own } = options;
  const params: PagingParams = { ...own, ...meter?.params() };
  const read =
    "dataset" in source
      ? session.readDataset({ dataset: source.dataset, args: source.args ?? [] }, params, now)
      : { pages: session.client().pages(source, params), origin: () => undefined };
  const iterator = read.pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) {
    return {
      columns: [],
      types: [],
      numberFormats: [],
      partial: false,
      more: false,
      batches: fromMatrices([], iterator),
      read: {},
    };
  }
  const page = first.value;
  try {
    meter?.page(page);
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const columns = page.columns;
  const types = page.types;
  const convert = (p: Page, withHeader: boolean): CellValue[][] => {
    onDatapoints?.(p.rows.length * columns.length);
    return toSheetMatrix({ columns, types, rows: p.rows }, { headers: withHeader });
  };
  const later = (p: Page): CellValue[][] => {
    meter?.page(p);
    return convert(p, false);
  };
  const result: PagedRows = {
    columns,
    types,
    numberFormats: numberFormatsFor(types),
    partial: page.partial,
    more: page.nextOffset !== undefined,
    batches: fromMatrices([convert(page, headers)], iterator, later, () => meter?.remember()),
    read: {
      ...(page.executionId ? { executionId: page.executionId } : {}),
      ...(page.endedAt !== undefined ? { endedAt: page.endedAt } : {}),
      ...(page.queryId !== undefined ? { queryId: page.queryId } : {}),
    },
  };
  if (page.totalRowCount !== undefined) result.totalRows = page.totalRowCount;
  const origin = read.origin();
  if (origin?.kind === "query") result.origin = origin;
  return result;
}

function fromMatrices(
  ready: CellValue[][][],
  rest: AsyncIterator<Page, void>,
  convert?: (p: Page) => CellValue[][],
  finish?: () => void,
): RowBatches {
  return {
    async *[Symbol.asyncIterator]() {
      let finished = false;
      try {
        for (const m of ready) yield m;
        if (!convert) return;
        for (;;) {
          const next = await rest.next();
          if (next.done) break;
          yield convert(next.value);
        }
        finished = true;
        finish?.();
      } finally {
        if (!finished) await rest.return?.();
      }
    },
  };
}

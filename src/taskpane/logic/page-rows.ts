import type { Page, PagingParams, ServiceClient, Source } from "../../client";
import type { RowBatches } from "../../excel";
import { numberFormatsFor, toSheetMatrix, type CellValue } from "../../sheet";

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
}

export interface OpenOptions extends Omit<PagingParams, "signal"> {
  headers: boolean;
  /** Rows × columns of each page as it arrives (session usage). */
  onDatapoints?: (count: number) => void;
}

/**
 * Fetches the first page (for the columns, types and total the writer needs before it starts), then hands the
 * rest over as an async iterable so a million-row result is never held in memory at once. No abort signal is
 * passed to paging on purpose: the writer cancels between chunks and closes the iterable, which stops the
 * requests; an aborted page would instead surface as a failed, not a cancelled, insert.
 */
export async function openPagedRows(client: ServiceClient, source: Source, options: OpenOptions): Promise<PagedRows> {
  const { headers, onDatapoints, ...params } = options;
  const iterator = client.pages(source, params)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) {
    return { columns: [], types: [], numberFormats: [], partial: false, batches: fromMatrices([], iterator) };
  }
  const page = first.value;
  const columns = page.columns;
  const types = page.types;
  const convert = (p: Page, withHeader: boolean): CellValue[][] => {
    onDatapoints?.(p.rows.length * columns.length);
    return toSheetMatrix({ columns, types, rows: p.rows }, { headers: withHeader });
  };
  const result: PagedRows = {
    columns,
    types,
    numberFormats: numberFormatsFor(types),
    partial: page.partial,
    batches: fromMatrices([convert(page, headers)], iterator, (p) => convert(p, false)),
  };
  if (page.totalRowCount !== undefined) result.totalRows = page.totalRowCount;
  return result;
}

function fromMatrices(
  ready: CellValue[][][],
  rest: AsyncIterator<Page, void>,
  convert?: (p: Page) => CellValue[][],
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
      } finally {
        if (!finished) await rest.return?.();
      }
    },
  };
}

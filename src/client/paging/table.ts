import { reconcileColumn } from "../csv/typing";
import type { Page, Table } from "../types";

/** How far collecting got when a byte cap stopped it. */
export interface TableCapProgress {
  /** Rows collected, the page that passed the cap included. */
  rows: number;
  columns: number;
  /** Their bytes, as `measure` counts them. */
  bytes: number;
  /** Rows in the whole result, when the service said. */
  totalRows?: number;
  /** True when that page was the last one: the whole result measures `bytes`. */
  complete: boolean;
}

/** Stops collecting once the rows so far measure more than `bytes`. */
export interface TableByteCap {
  bytes: number;
  /** One value's bytes, as the caller counts its payload. */
  measure: (value: unknown) => number;
  /** The error `collectTable` rejects with (the caller's own, with its advice). */
  tooLarge: (progress: TableCapProgress) => Error;
}

export interface CollectTableOptions {
  /**
   * Checked after each page: a result too large for the caller costs a page or two, not the whole download (leaving
   * the pages early aborts the requests in flight).
   */
  byteCap?: TableByteCap;
}

/**
 * Every page into one matrix (the collector over `paginate`). Rows are appended one by one: spreading a
 * 250,000-row page into push() would overflow the argument limit of some engines.
 */
export async function collectTable(pages: AsyncIterable<Page>, options: CollectTableOptions = {}): Promise<Table> {
  const cap = options.byteCap;
  let table: Table | undefined;
  let bytes = 0;
  const pageTypes: string[][] = [];
  for await (const page of pages) {
    if (table === undefined) {
      table = {
        columns: page.columns,
        types: page.types,
        typesInferred: page.typesInferred,
        rows: [],
        rowCount: 0,
        hasMore: false,
        partial: false,
        requestCount: 0,
      };
    }
    if (table.typesInferred) pageTypes.push(page.types);
    const rows = table.rows;
    for (let i = 0; i < page.rows.length; i++) rows.push(page.rows[i]!);
    table.rowCount = rows.length;
    table.hasMore = page.nextOffset !== undefined;
    table.partial ||= page.partial;
    table.requestCount += page.requests;
    if (page.totalRowCount !== undefined) table.totalRowCount = page.totalRowCount;
    if (page.state !== undefined) table.state = page.state;
    if (page.executionId !== undefined) table.executionId = page.executionId;
    if (page.expiresAt !== undefined) table.expiresAt = page.expiresAt;
    if (page.endedAt !== undefined) table.endedAt = page.endedAt;
    if (page.queryId !== undefined) table.queryId = page.queryId;
    if (cap) {
      for (const row of page.rows) for (const value of row) bytes += cap.measure(value);
      if (bytes > cap.bytes) {
        const progress: TableCapProgress = {
          rows: rows.length,
          columns: table.columns.length,
          bytes,
          complete: page.nextOffset === undefined,
        };
        if (table.totalRowCount !== undefined) progress.totalRows = table.totalRowCount;
        throw cap.tooLarge(progress);
      }
    }
  }
  if (table === undefined) {
    return {
      columns: [],
      types: [],
      typesInferred: false,
      rows: [],
      rowCount: 0,
      hasMore: false,
      partial: false,
      requestCount: 0,
    };
  }
  if (pageTypes.length > 1) settleCsvTypes(table, pageTypes);
  return table;
}

/**
 * A CSV page's types see only that page. Across pages: unknown (all empty) yields to anything, bigint and
 * double make double, and a column that was text on any page is text everywhere (its numbers go back to text).
 */
function settleCsvTypes(table: Table, pageTypes: string[][]): void {
  table.types = table.columns.map((_, c) => {
    const seen = new Set(pageTypes.map((types) => types[c] ?? "unknown"));
    seen.delete("unknown");
    if (seen.size === 0) return "unknown";
    if (seen.size === 1) return [...seen][0]!;
    if ([...seen].every((t) => t === "bigint" || t === "double")) return "double";
    reconcileColumn(table.rows, c);
    return "varchar";
  });
}

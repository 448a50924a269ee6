import { reconcileColumn } from "../csv/typing";
import type { Page, Table } from "../types";

/**
 * Every page into one matrix (the collector over `paginate`). Rows are appended one by one: spreading a
 * 250,000-row page into push() would overflow the argument limit of some engines.
 */
export async function collectTable(pages: AsyncIterable<Page>): Promise<Table> {
  let table: Table | undefined;
  let typesInferred = false;
  const pageTypes: string[][] = [];
  for await (const page of pages) {
    if (table === undefined) {
      table = {
        columns: page.columns,
        types: page.types,
        rows: [],
        rowCount: 0,
        hasMore: false,
        partial: false,
        requestCount: 0,
      };
      typesInferred = page.typesInferred;
    }
    if (typesInferred) pageTypes.push(page.types);
    const rows = table.rows;
    for (let i = 0; i < page.rows.length; i++) rows.push(page.rows[i]!);
    table.rowCount = rows.length;
    table.hasMore = page.nextOffset !== undefined;
    table.partial ||= page.partial;
    table.requestCount += page.requests;
    if (page.totalRowCount !== undefined) table.totalRowCount = page.totalRowCount;
    if (page.state !== undefined) table.state = page.state;
    if (page.executionId !== undefined) table.executionId = page.executionId;
  }
  if (table === undefined) {
    return { columns: [], types: [], rows: [], rowCount: 0, hasMore: false, partial: false, requestCount: 0 };
  }
  if (typesInferred) settleCsvTypes(table, pageTypes);
  return table;
}

/**
 * A CSV page's types see only that page. Across pages: unknown (all empty) yields to anything, bigint and
 * double make double, and a column that was text on any page is text everywhere.
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

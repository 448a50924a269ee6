import { inferColumnType } from "../csv/typing";
import type { Page, Table } from "../types";

/**
 * Every page into one matrix (the collector over `paginate`). Rows are appended one by one: spreading a
 * 250,000-row page into push() would overflow the argument limit of some engines.
 */
export async function collectTable(pages: AsyncIterable<Page>): Promise<Table> {
  let table: Table | undefined;
  let typesInferred = false;
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
  // A CSV page's guess sees only that page; the table's guess sees every row.
  if (typesInferred) table.types = table.columns.map((_, c) => inferColumnType(table!.rows, c));
  return table;
}

import { DEFAULT_TIER, queryRunKey } from "../src/service-cells";
import { a1Range } from "../src/sheet";
import { buildWorkbook, type NewCell } from "../src/xlsx";
import { ADDIN_ID, bindingSettings } from "../test/refresh/support/report-book";
import type { RefreshCase } from "./refresh";
import { QUERY_ID } from "./refresh-types";

/**
 * The workbook of a case, built with the project's own builder (as the playground's Download builds one): SERVICE
 * cells, its add-in settings remembering query 1003's run as the pane does after a run (the refresh reads that
 * result); or one table bound to a query, as the pane inserts one, showing one stale row (the refresh reads the
 * query's latest result whole).
 */
export function caseWorkbook(c: RefreshCase, executionId: string): Uint8Array {
  if (c.table) return tableWorkbook(c.table.queryId, c.table.columns);
  const cells: NewCell[] = [];
  let row = 0;
  for (const limit of c.limits) {
    const anchor = `A${row + 1}`;
    cells.push({
      row,
      column: 0,
      value: "stale",
      formula: `_xldudf_SERVICE_QUERY(${QUERY_ID},"limit=${limit}")`,
      spill: { rowCount: 1, columnCount: 1 },
    });
    if (c.dependents) cells.push({ row, column: 11, value: 0, formula: `ROWS(_xlfn.ANCHORARRAY(${anchor}))` });
    row += limit + 2; // the header, and a blank row between spills
  }
  const run = { executionId, finishedAt: Date.now() };
  const runs = { [queryRunKey(QUERY_ID, {}, DEFAULT_TIER)]: run };
  return buildWorkbook({
    sheets: [{ name: "Report", cells }],
    addin: { referenceId: ADDIN_ID, settings: { "service.queryRuns": JSON.stringify(runs) } },
  });
}

/** Query 1003's ten columns (the bench's 100,000-row query has the same). */
export const TRANSFER_COLUMNS: readonly string[] = [
  ...["id", "block_time", "block_date", "symbol", "from_address"],
  ...["amount", "log_index", "is_contract", "gas_used", "memo"],
];

function tableWorkbook(queryId: number, names: readonly string[]): Uint8Array {
  const cells: NewCell[] = names.flatMap((name, column) => [
    { row: 0, column, value: name },
    { row: 1, column, value: "stale" },
  ]);
  const binding = {
    kind: "query",
    id: queryId,
    params: {},
    options: { headers: true, performance: "medium" },
    tableName: "Transfers",
    sheet: "Data",
    address: `Data!${a1Range(0, 0, 2, names.length)}`,
    insertedAt: "2026-01-31T12:00:00.000Z",
  };
  return buildWorkbook({
    sheets: [
      {
        name: "Data",
        cells,
        tables: [{ name: "Transfers", row: 0, column: 0, rowCount: 2, columnCount: names.length }],
      },
    ],
    addin: { referenceId: ADDIN_ID, settings: bindingSettings([binding]) },
  });
}

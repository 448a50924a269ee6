import type { TableBinding } from "../../src/excel";
import { planTables } from "../../src/refresh/plan-tables";
import type { Plan } from "../../src/refresh/plan-types";
import type { WorkbookFile } from "../../src/xlsx";

// A table inserted from the pane's SQL tab is bound to its SQL text; its SQL re-runs only from the pane's Refresh All,
// after the user confirmed its price there. The headless refresh (no one to ask) leaves it as it is, even with
// --rerun all, and reads nothing for it.
test("a SQL-bound table is left as it is by the headless refresh: no run, no read, even with --rerun all", () => {
  const binding: TableBinding = {
    kind: "sql",
    id: "select address from dune.demo.wallets",
    options: { executionId: "01ARZ3NDEKTSV4RRFFQ69G5FAV", performance: "small", headers: true },
    tableName: "SQL_result",
    sheet: "Sheet1",
    address: "Sheet1!A1:A3",
    insertedAt: "2026-11-28T10:00:00.000Z",
  };
  const info = {
    id: 1,
    name: "SQL_result",
    displayName: "SQL_result",
    sheet: "Sheet1",
    part: "xl/tables/table1.xml",
    ref: "A1:A3",
    headerRowCount: 1,
    totalsRowCount: 0,
    columns: [{ name: "address" }],
  };
  // The planner reads the table's list and its sheet's cells only.
  const book = { tables: [info], worksheet: () => ({ cells: new Map() }) } as unknown as WorkbookFile;
  const plan: Plan = { cells: [], tables: [], reads: new Map(), runs: new Map() };
  planTables(plan, book, [binding], { plan: { plan: "free", creditsPerMb: 20 }, rerun: "all" });
  expect(plan.runs.size).toBe(0);
  expect(plan.reads.size).toBe(0);
  expect(plan.tables).toEqual([
    expect.objectContaining({
      hold: {
        message: "A SQL table is re-run from the pane's Refresh All (Re-run queries); its rows are left as they are.",
        failed: false,
        unchanged: true,
      },
    }),
  ]);
});

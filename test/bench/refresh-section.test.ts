import { refreshSection, type RefreshCase } from "../../bench/refresh";
import { TRADE_COLUMNS } from "../refresh/support/report-book";

// The section end to end on tiny workbooks: it starts the service, builds the files, refreshes them in child
// processes and reports time, ratio and peak memory for each. The figures themselves are not asserted (they vary by
// machine); that every case ran, refreshed and was measured is.
test("the refresh section runs and measures each workbook", async () => {
  const cases: RefreshCase[] = [
    { name: "1 cell, 30 rows", limits: [30], dependents: false, maxRatio: 1000 },
    { name: "3 small cells and dependents", limits: [3, 4, 5], dependents: true, maxRatio: 1000 },
    // A table bound to query 1002 (its 500 rows, read whole), as the large cases are bound tables.
    {
      name: "a bound table, 500 rows",
      limits: [],
      table: { queryId: 1002, rows: 500, columns: TRADE_COLUMNS },
      dependents: false,
      maxRatio: 1000,
    },
    // Over the 2 MB a SERVICE cell may spill (30,000 rows x 10 are about 4 MB as cell values): refused, and said so,
    // while the others are measured.
    { name: "1 cell, 30,000 rows", limits: [30_000], dependents: false, maxRatio: 1000 },
  ];
  const section = await refreshSection(
    { reps: 1, loadSeconds: 1, quick: true, sections: ["refresh"] },
    () => undefined,
    cases,
  );
  expect(section.error).toBeUndefined();
  expect(section.targets.map((t) => [t.what, t.verdict])).toEqual([
    ["Refresh: 1 cell, 30,000 rows", "not run"],
    ["Refresh: 1 cell, 30 rows", "met"],
    ["Refresh: 3 small cells and dependents", "met"],
    ["Refresh: a bound table, 500 rows", "met"],
  ]);
  expect(section.targets[0].why).toMatch(/Too large to spill/);
  const [table] = section.tables;
  expect(table.rows).toHaveLength(3);
  for (const row of table.rows) expect(row[5]).toMatch(/MB$/);
}, 300_000);

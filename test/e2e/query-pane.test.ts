import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { executionId, insertResult, pane, runQuery, setCapPerRequest, watchRunState } from "./support/pane-actions";
import { functionCell, goTo, typeInCell, values, waitForValue } from "./support/sheet-actions";
import { executeSavedQuery, runSavedQuery, serviceTable } from "./support/service-answers";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground();
  page = await pg.open();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

test("a parameterised query run from the pane: its state is shown, then it is inserted as a table", async () => {
  await goTo(page, "Sheet2!B2");
  await runQuery(page, 1001, { symbol: "WBTC", days: "30" });
  const states = await watchRunState(page, /^completed$/);
  expect(states[states.length - 1]).toBe("completed");
  expect(await executionId(page)).toMatch(/\S/);

  await insertResult(page);
  await page.waitForFunction(() => window.playground!.inspect.tables().length === 1);
  const [table] = await page.evaluate(() => window.playground!.inspect.tables());
  expect(table.sheet).toBe("Sheet2");
  expect(table.address).toBe("Sheet2!B2:E32"); // header + 30 days, 4 columns
  const rows = await values(page, "B2:E4", "Sheet2");
  expect(rows[0]).toEqual(["symbol", "period", "days_in_period", "avg_price_usd"]);
  expect(rows[1][0]).toBe("WBTC");
  expect(await page.evaluate(() => window.playground!.activeSheet())).toBe("Sheet2");
});

test("a larger insert shows its progress bar while rows are written", async () => {
  await goTo(page, "Sheet3!A1");
  await setCapPerRequest(page, 1_000); // about 190 credits on Free: over the default cap per request
  await runQuery(page, 1007);
  await watchRunState(page, /^completed$/);
  await insertResult(page);
  const progress = pane(page).getByRole("region", { name: "Progress" });
  await progress.locator("progress").waitFor({ state: "visible" });
  await progress.getByText(/Insert: [\d,]+ of 20,000 rows written/).waitFor();
  await page.waitForFunction(() => window.playground!.inspect.tables().some((t) => t.sheet === "Sheet3"), undefined, {
    timeout: 60_000,
  });
  expect(await values(page, "A20001:B20001", "Sheet3")).toEqual([[19999, 6666.333]]);
});

test("a slow query can be cancelled from the pane", async () => {
  await runQuery(page, 1004);
  await watchRunState(page, /^executing$/);
  await pane(page).getByRole("button", { name: "Cancel run" }).click();
  await watchRunState(page, /^cancell?ed$/);
});

test("=SERVICE.RESULTS(query id) spills the latest result of that query", async () => {
  // The run the formula's latest result is, and its rows as the service answers them.
  const expected = await serviceTable(pg.service, `/v1/execution/${await runSavedQuery(pg.service, 1002)}/results`);
  await goTo(page, "Sheet1!A1");
  await typeInCell(page, "A1", "=SERVICE.RESULTS(1002)");
  await waitForValue(page, "A1", (v) => v === "trade_id");
  expect((await functionCell(page, "A1"))?.spilled).toEqual({ row: 0, column: 0, rowCount: 501, columnCount: 7 });
  expect((await values(page, "A1:G1"))[0]).toEqual(expected.columns);
  const lastRow = await values(page, "A501:G501");
  expect(lastRow[0][0]).toBe(expected.rows[499][0]);
  expect(lastRow[0][6]).toBe(expected.rows[499][6]); // tx_hash, a 0x… string
});

test("=SERVICE.STATUS streams the execution's state until it is completed", async () => {
  const execution_id = await executeSavedQuery(pg.service, 1003);
  await typeInCell(page, "I1", `=SERVICE.STATUS("${execution_id}")`);
  await waitForValue(page, "I1", (v) => typeof v === "string" && v.startsWith("COMPLETED"), { timeout: 60_000 });
  expect((await functionCell(page, "I1"))!.updates).toBeGreaterThan(1);
});

test("injection strings from the data land as text, in a spill and in an inserted table", async () => {
  const execution_id = await executeSavedQuery(pg.service, 1008);
  await typeInCell(page, "K1", `=SERVICE.RESULTS("${execution_id}")`);
  await waitForValue(page, "K1", (v) => v === "id", { timeout: 30_000 });
  // code_text is column M; rows 2..6 hold '00123', '007', '1e5', '=1+1', '-1+1'.
  const spilled = await page.evaluate(() =>
    ["M5", "M6", "L5", "L4"].map((a) => window.playground!.inspect.cell("Sheet1", a)),
  );
  expect(spilled.map((c) => [c.value, c.formula])).toEqual([
    ["=1+1", null],
    ["-1+1", null],
    ["2018-12-31", null],
    ["TRUE", null],
  ]);

  await goTo(page, "Sheet2!H2");
  await runQuery(page, 1008);
  await watchRunState(page, /^completed$/);
  await insertResult(page);
  await page.waitForFunction(() => window.playground!.inspect.tables().some((t) => t.address.startsWith("Sheet2!H2")));
  // Header on row 2, ids 1..5 on rows 3..7: id 4 has hex_text '2018-12-31' and code_text '=1+1'.
  const inserted = await page.evaluate(() =>
    ["J6", "J7", "I6", "I5", "J2"].map((a) => window.playground!.inspect.cell("Sheet2", a)),
  );
  expect(inserted.map((c) => [c.kind, c.value, c.formula])).toEqual([
    ["text", "=1+1", null],
    ["text", "-1+1", null],
    ["text", "2018-12-31", null],
    ["text", "TRUE", null],
    ["text", "code_text", null],
  ]);
});

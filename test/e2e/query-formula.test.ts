import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { pane, runQuery, watchRunState } from "./support/pane-actions";
import { cell, paneTab, typeInCell, waitForValue } from "./support/sheet-actions";

/**
 * A report driven by cells, in the browser: inputs in cells, a SERVICE.QUERY cell that says it has not run with them
 * (and runs nothing), a run from the pane with the same inputs, and the cell showing its result.
 */
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

test("inputs in cells: not run yet (no execute), run from the pane, then the result spills", async () => {
  await typeInCell(page, "A1", "WETH");
  await typeInCell(page, "B1", "14");
  await typeInCell(page, "A3", '=SERVICE.QUERY(1001,"symbol",A1,"days",B1,"limit=3")');
  await waitForValue(page, "A3", (v) => v === "#N/A");
  await page.locator('.pg-cell[data-addr="A3"][title]').waitFor();
  expect(await cell(page, "A3").getAttribute("title")).toBe(
    "Not run with these inputs yet (symbol=WETH, days=14): run it from the Service pane (10 credits)",
  );

  await runQuery(page, 1001, { symbol: "WETH", days: "14" });
  await watchRunState(page, /^completed$/);
  await waitForValue(page, "A3", (v) => v === "symbol");
  await waitForValue(page, "A4", (v) => v === "WETH");
});

test("an input changes: the cell says not run again, the Report lists it, Run all needed fills it", async () => {
  await typeInCell(page, "A1", "WBTC");
  await waitForValue(page, "A3", (v) => v === "#N/A");
  await paneTab(page, "Report");
  const button = pane(page).getByRole("button", { name: "Run all needed (1 run, 10 credits)" });
  await button.waitFor();
  await button.click();
  await pane(page)
    .getByRole("status", { name: "Report status" })
    .getByText("1 run completed.")
    .waitFor({ timeout: 60_000 });
  await waitForValue(page, "A4", (v) => v === "WBTC");
});

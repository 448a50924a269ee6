import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { typeInCell, values } from "./support/sheet-actions";

// Refresh All while the service cannot be reached (the browser's connections to it refused): the cells keep the
// values they had, their header cell says the refresh failed and when the rows were fetched, and the pane reports the
// failures instead of "SERVICE cells refreshed".
jest.setTimeout(120_000);

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

async function settled(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => {
      const cells = window.playground!.functionCells();
      return cells.length === count && cells.every((c) => c.updates > 0 && !c.loading && c.display !== "#BUSY!");
    },
    n,
    { timeout: 30_000 },
  );
}

test("Refresh All with the service unreachable: values intact, each cell and the pane say the refresh failed", async () => {
  const page = await pg.open();
  await typeInCell(page, "A1", '=SERVICE.DATASET("avs","limit=3","columns=avs_name,total_TVL")');
  await typeInCell(page, "E1", '=SERVICE.DATASET("operators","limit=2","columns=operator_name")');
  await settled(page, 2);
  const before = await values(page, "A1:E4");
  await page.route(`${pg.service.url}/**`, (route) => route.abort("connectionrefused"));

  await page.locator("#app").getByRole("button", { name: "Refresh all" }).click();
  // It asks first, listing the cells' reads with their estimated credits.
  await page
    .locator("#app")
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  const status = page.locator("#app").getByText(/could not be refreshed and keep their values/);
  await status.waitFor({ timeout: 60_000 });
  expect(await status.textContent()).toMatch(
    /^2 SERVICE requests \(2 cells\) could not be refreshed and keep their values: DATASET .* \(1 cell, showing data fetched \d{4}-\d\d-\d\d \d\d:\d\d UTC\): /,
  );

  const after = await values(page, "A1:E4");
  // The rows below the header are exactly as they were; the header's first cell carries the failure.
  expect(after.slice(1)).toEqual(before.slice(1));
  expect(after[0]![0]).toBe("#N/A");
  expect(after[0]![4]).toBe("#N/A");
  expect(after[0]!.slice(1, 2)).toEqual(before[0]!.slice(1, 2));
  const hover = await page.locator('.pg-cell[data-addr="A1"]').getAttribute("title");
  expect(hover).toMatch(/^Refresh failed, the data shown was fetched .* UTC \(less than a minute ago\)\. /);
});

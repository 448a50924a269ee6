import type { Page } from "playwright-core";
import { ManualClock } from "../support/manual-clock";
import { startPlayground, type Playground } from "./support/harness";
import { cell, goTo, typeInCell, waitForValue } from "./support/sheet-actions";
import { serviceTable } from "./support/service-answers";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

// The service's clock: moving it past the DEX dataset's 30-minute refresh slot publishes new data.
const clock = new ManualClock("2026-03-02T10:05:00Z");
let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground({ clock });
  page = await pg.open();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

/** The DEX dataset as the service answers it: what the spilled cells must add up to. */
function dexTable() {
  return serviceTable(pg.service, "/v1/dex/pairs/ethereum");
}

const column = (rows: unknown[][], name: string, columns: string[]) => rows.map((r) => r[columns.indexOf(name)]);
const numbers = (values: unknown[]) => values.filter((v): v is number => typeof v === "number");
const near = (expected: number) => (v: string | number | boolean) =>
  typeof v === "number" && Math.abs(v - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

test("an analyst's chain of ordinary formulas over a spilled SERVICE.DATASET, typed through the grid", async () => {
  await typeInCell(page, "A1", '=SERVICE.DATASET("dex","ethereum")');
  await waitForValue(page, "A1", (v) => v === "chain");
  const table = await dexTable();
  const { columns, rows } = table;
  const volumes = numbers(column(rows, "one_day_volume", columns));
  const liquidity = column(rows, "usd_liquidity", columns);
  const pairs = column(rows, "token_pair", columns);
  const pair = pairs[3] as string;

  await typeInCell(page, "N1", "=ROWS(A1#)");
  await typeInCell(page, "N2", "=SUM(INDEX(A1#,0,7))");
  await typeInCell(page, "N3", `=XLOOKUP("${pair}",B:B,K:K,"none")`);
  await typeInCell(page, "N4", "=AVERAGE(G:G)");
  await typeInCell(page, "N5", "=IFERROR(G2/0,0)");
  await typeInCell(page, "N6", '=COUNTIF(B:B,"*")-1');

  await waitForValue(page, "N1", (v) => v === rows.length + 1);
  await waitForValue(page, "N2", near(volumes.reduce((a, b) => a + b, 0)));
  await waitForValue(page, "N3", (v) => v === liquidity[pairs.indexOf(pair)]);
  await waitForValue(page, "N4", near(volumes.reduce((a, b) => a + b, 0) / volumes.length));
  await waitForValue(page, "N5", (v) => v === 0);
  await waitForValue(page, "N6", (v) => v === pairs.filter((p) => typeof p === "string").length);
  // What the user sees in the grid, and in the formula bar.
  await expect(cell(page, "N1").textContent()).resolves.toBe(String(rows.length + 1));
  await goTo(page, "N3");
  await expect(page.getByLabel("Formula Bar").inputValue()).resolves.toBe(`=XLOOKUP("${pair}",B:B,K:K,"none")`);

  // The dataset refreshes (Refresh All after its refresh slot): the chain follows the new rows.
  clock.advance(30 * 60_000);
  // The ribbon's Refresh All is the user's choice: the pane shows its priced confirmation, and yes refreshes (no
  // automatic budget needed; a new workbook has none).
  await page.locator('[data-action="refreshAll"]').click();
  await page
    .locator("#app")
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  const fresh = await dexTable();
  const freshVolumes = numbers(column(fresh.rows, "one_day_volume", fresh.columns));
  expect(freshVolumes).not.toEqual(volumes);
  await waitForValue(page, "N2", near(freshVolumes.reduce((a, b) => a + b, 0)));
  const freshLiquidity = column(fresh.rows, "usd_liquidity", fresh.columns);
  const freshPairs = column(fresh.rows, "token_pair", fresh.columns);
  await waitForValue(page, "N3", (v) => v === freshLiquidity[freshPairs.indexOf(pair)]);
});

test("a report input =EOMONTH(TODAY(),-1) is the last day of the previous month on the page's clock", async () => {
  await typeInCell(page, "P1", "=EOMONTH(TODAY(),-1)");
  // The same computation, here: the page's local date, the previous month's last day as an Excel serial.
  const [now, offsetMinutes] = await page.evaluate(() => [Date.now(), new Date().getTimezoneOffset()]);
  const local = new Date(now - offsetMinutes * 60_000);
  const expected = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 0) / 86_400_000 + 25_569;
  await waitForValue(page, "P1", (v) => v === expected);
});

test("a function the playground lacks is #NAME? and says so on hover", async () => {
  await typeInCell(page, "P3", "=LAMBDA(1)");
  await waitForValue(page, "P3", (v) => v === "#NAME?");
  await page.locator('.pg-cell[data-addr="P3"][title]').waitFor();
  await expect(cell(page, "P3").getAttribute("title")).resolves.toBe("LAMBDA is not available in the playground.");
});

test("a circular reference shows 0 and the status bar names it, as Excel's does; fixing it clears it", async () => {
  await typeInCell(page, "P5", "=P6+1");
  await typeInCell(page, "P6", "=P5+1");
  await waitForValue(page, "P5", (v) => v === 0);
  const note = page.locator(".pg-status-note");
  await expect(note.textContent()).resolves.toMatch(/^Circular References: .*Sheet1!P5/);
  await typeInCell(page, "P6", "41");
  await waitForValue(page, "P5", (v) => v === 42);
  await page.waitForFunction(() => !document.querySelector(".pg-status-note")?.textContent?.startsWith("Circular"));
});

import type { Page } from "playwright-core";
import { ManualClock } from "../support/manual-clock";
import { startPlayground, type Playground } from "./support/harness";
import { cell, functionCell, goTo, typeInCell, values, waitForValue } from "./support/sheet-actions";
import { serviceTable } from "./support/service-answers";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

// The service's clock: moving it past the DEX dataset's 30-minute refresh slot publishes new data.
const clock = new ManualClock("2026-03-02T10:05:00Z");
let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground({ clock: clock });
  page = await pg.open();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

const FORMULA = '=SERVICE.DATASET("dex","ethereum")';

test("=SERVICE.DATASET spills the dataset's rows and columns under a header row", async () => {
  await typeInCell(page, "A1", FORMULA);
  await waitForValue(page, "A1", (v) => v === "chain");
  const expected = await serviceTable(pg.service, "/v1/dex/pairs/ethereum");
  const info = await functionCell(page, "A1");
  expect(info?.spilled).toEqual({
    row: 0,
    column: 0,
    rowCount: expected.rows.length + 1,
    columnCount: expected.columns.length,
  });

  const header = (await values(page, "A1:L1"))[0];
  expect(header).toEqual(expected.columns);
  const last = expected.rows.length + 1;
  const [first, end] = [(await values(page, "A2:L2"))[0], (await values(page, `A${last}:L${last}`))[0]];
  for (const [shown, row] of [
    [first, expected.rows[0]],
    [end, expected.rows[expected.rows.length - 1]],
  ] as const) {
    expect(shown[0]).toBe(row[0]); // chain
    expect(shown[1]).toBe(row[1]); // token_pair
    expect(shown[6]).toBe(row[6]); // one_day_volume
    expect(shown[10]).toBe(row[10]); // usd_liquidity
  }
  expect((await values(page, `A${last + 1}`))[0][0]).toBe("");
  // What the user sees: the visible window is drawn, the anchor keeps the formula, spilled cells show it greyed.
  await expect(cell(page, "B2").textContent()).resolves.toBe(String(expected.rows[0][1]));
  await goTo(page, "C3");
  await expect(page.getByLabel("Formula Bar").inputValue()).resolves.toBe(FORMULA);
});

test("#SPILL! while something is in the way, and the spill comes back once it is cleared", async () => {
  await typeInCell(page, "C4", "in the way");
  await waitForValue(page, "A1", (v) => v === "#SPILL!");
  await expect(cell(page, "A1").getAttribute("title")).resolves.toBe("Spill range isn't blank");
  await goTo(page, "C4");
  await page.keyboard.press("Delete");
  await waitForValue(page, "A1", (v) => v === "chain");
  expect((await values(page, "C4"))[0][0]).not.toBe("in the way");
});

test("errors show #VALUE! with the function's message on hover", async () => {
  // Typed into the formula bar this time.
  await goTo(page, "N1");
  await page.getByLabel("Formula Bar").fill('=SERVICE.DATASET("no-such-dataset")');
  await page.getByLabel("Formula Bar").press("Enter");
  await waitForValue(page, "N1", (v) => v === "#VALUE!" || v === "#N/A");
  // The workbook holds the error before the grid repaints: wait for the painted cell to carry its message.
  await page.locator('.pg-cell[data-addr="N1"][title]').waitFor();
  const title = await cell(page, "N1").getAttribute("title");
  expect(title).toMatch(/no-such-dataset|dataset/i);
  const box = await cell(page, "N1").boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
});

test("typed entries follow Excel's rules: an apostrophe keeps text, = starts a formula", async () => {
  await typeInCell(page, "P1", "'=1+1");
  await typeInCell(page, "P2", "=1+1");
  const [quoted, formula] = await page.evaluate(() =>
    ["P1", "P2"].map((a) => window.playground!.inspect.cell("Sheet1", a)),
  );
  expect([quoted.kind, quoted.value, quoted.quotePrefix]).toEqual(["text", "=1+1", true]);
  expect([formula.kind, formula.value, formula.formula]).toEqual(["formula", 2, "=1+1"]);
  await goTo(page, "P1");
  await expect(page.getByLabel("Formula Bar").inputValue()).resolves.toBe("'=1+1");
});

test("Refresh All (ribbon) after the service's data changed shows the new values", async () => {
  const before = await values(page, "A2:L4");
  clock.advance(30 * 60_000);
  // The ribbon's Refresh All is the user's choice: the pane shows its priced confirmation, and yes refreshes (no
  // automatic budget needed; a new workbook has none).
  await page.locator('[data-action="refreshAll"]').click();
  await page
    .locator("#app")
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  // The pane refreshes after the yes: wait for the new figures to arrive.
  let after = await values(page, "A2:L4");
  for (let waited = 0; waited < 30_000 && JSON.stringify(after) === JSON.stringify(before); waited += 200) {
    await page.waitForTimeout(200);
    after = await values(page, "A2:L4");
  }
  expect(after.map((r) => r[1])).toEqual(before.map((r) => r[1])); // same pairs, same order
  expect(after.map((r) => r[10])).not.toEqual(before.map((r) => r[10])); // new liquidity figures
});

test("clearing the formula cancels its invocation and removes the spill", async () => {
  await goTo(page, "A1");
  await page.keyboard.press("Delete");
  await waitForValue(page, "B2", (v) => v === "");
  const info = await functionCell(page, "A1");
  expect(info).toBeUndefined();
  expect(await values(page, "A1:L3")).toEqual([Array(12).fill(""), Array(12).fill(""), Array(12).fill("")]);
});

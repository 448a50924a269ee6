import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { focused, pressUntil } from "./support/keyboard";
import { pane } from "./support/pane-actions";
import { goTo, paneTab, values } from "./support/sheet-actions";

/** What a newcomer meets first: the empty sheet's first formulas, and the demo queries one click from their form. */
jest.setTimeout(120_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ curatedEndpoints: true });
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

const hint = (page: Page) => page.getByRole("region", { name: "First formulas to try" });

async function formulaOf(page: Page, address: string): Promise<unknown> {
  return page.evaluate((a) => window.playground!.inspect.formulas("Sheet1", a)[0]![0], address);
}

test("the empty sheet offers first formulas; a click types one into A1, it spills, and the offer goes", async () => {
  const page = await pg.open();
  await hint(page).waitFor({ state: "visible" });
  const offered = await hint(page).locator("li button").allInnerTexts();
  expect(offered.length).toBeGreaterThanOrEqual(2);
  expect(offered[0]).toBe('=SERVICE.DATASET("dex","ethereum","limit=10")');

  await hint(page).getByRole("button", { name: offered[0] }).click();
  expect(await formulaOf(page, "A1")).toBe(offered[0]);
  await page.waitForFunction(() => {
    const rows = window.playground!.inspect.values("Sheet1", "A1:A4");
    return rows.every(([v]) => v !== "" && v !== "#BUSY!");
  });
  await hint(page).waitFor({ state: "hidden" });
  // The grid has the focus again, on A1: typing goes on as in Excel.
  expect((await focused(page)).role).toBe("grid");
  expect(await page.evaluate(() => window.playground!.inspect.selection())).toBe("Sheet1!A1");
});

test("every formula offered is answered by the local service with a spilled table", async () => {
  const formulas = await hint(await pg.open())
    .locator("li button")
    .allInnerTexts();
  for (const formula of formulas) {
    const page = await pg.open();
    await hint(page).getByRole("button", { name: formula, exact: true }).click();
    await page.waitForFunction(() => {
      const rows = window.playground!.inspect.values("Sheet1", "A1:B3");
      return rows.every((row) => row.every((v) => v !== "" && v !== "#BUSY!"));
    });
    const block = await values(page, "A1:B3");
    expect({ formula, errors: block.flat().filter((v) => typeof v === "string" && v.startsWith("#")) }).toEqual({
      formula,
      errors: [],
    });
    await page.context().close();
  }
});

test("it goes by itself once a cell has content, and keyboard users reach it and dismiss it for good", async () => {
  const typed = await pg.open();
  await hint(typed).waitFor({ state: "visible" });
  await goTo(typed, "C3");
  await typed.keyboard.type("hello");
  await typed.keyboard.press("Enter");
  await hint(typed).waitFor({ state: "hidden" });
  expect(await values(typed, "C3")).toEqual([["hello"]]);

  const page = await pg.open();
  await hint(page).waitFor({ state: "visible" });
  // From the Name Box, Tab reaches the offer before the grid.
  await page.getByLabel("Name Box").focus();
  await pressUntil(page, "Tab", (f) => f.text.startsWith("=SERVICE."), 5);
  await page.keyboard.press("Escape");
  await hint(page).waitFor({ state: "hidden" });
  expect((await focused(page)).role).toBe("grid");
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  expect(await page.evaluate(() => window.playground!.inspect.usedAddress("Sheet1"))).toBeNull();
  expect(await hint(page).isVisible()).toBe(false);
});

test("the Query tab lists the local service's demo queries by name; one click opens the query's form", async () => {
  const page = await pg.open();
  await paneTab(page, "Query");
  const demo = pane(page).getByRole("region", { name: "Demo queries" });
  await demo.getByRole("button").nth(5).waitFor({ state: "visible" });
  const names = await demo.getByRole("button").allInnerTexts();
  expect(names.slice(0, 2)).toEqual(["1001 · Token price history", "1002 · Recent DEX trades (500 rows)"]);
  expect(names).toHaveLength(6);

  await demo.getByRole("button", { name: "1001 · Token price history" }).click();
  await expect(pane(page).getByLabel("Query ID").inputValue()).resolves.toBe("1001");
  const symbol = pane(page).getByLabel("symbol (text)");
  await symbol.waitFor({ state: "visible" });
  expect(await symbol.inputValue()).toBe("WETH");
});

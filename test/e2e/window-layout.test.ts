import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { focused } from "./support/keyboard";
import { goTo, typeInCell, values } from "./support/sheet-actions";

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

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

test("the pane narrows to 320 px by its border and no pane tab is clipped", async () => {
  const handle = page.getByRole("separator", { name: "Resize the task pane" });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 400, box.y + 200, { steps: 5 }); // far past the narrowest
  await page.mouse.up();
  const pane = (await page.locator("aside.pg-pane").boundingBox())!;
  expect(pane.width).toBe(320);
  const tabs = page.locator("#app").getByRole("tab");
  expect(await tabs.count()).toBeGreaterThanOrEqual(5);
  for (const tab of await tabs.all()) {
    const b = (await tab.boundingBox())!;
    expect(inside(b, pane)).toBe(true);
    // Not hidden behind a scrolled strip either: the tab list shows all of it.
    const list = (await tab.locator("..").boundingBox())!;
    expect(inside(b, list)).toBe(true);
  }
  // The keyboard resizes too; the width comes back after a reload.
  await handle.focus();
  await page.keyboard.press("ArrowLeft");
  expect((await page.locator("aside.pg-pane").boundingBox())!.width).toBe(336);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  expect((await page.locator("aside.pg-pane").boundingBox())!.width).toBe(336);
});

test("typing in a cell at the grid's right edge, under the pane, scrolls nothing and keeps the row numbers", async () => {
  const grid = page.locator(".pg-grid");
  const gridBox = (await grid.boundingBox())!;
  // The last column fully in view, found from the drawn headers.
  const last = await page.evaluate((right) => {
    const headers = [...document.querySelectorAll<HTMLElement>(".pg-col-header")];
    return headers.filter((h) => h.getBoundingClientRect().right <= right).pop()!.textContent!;
  }, gridBox.x + gridBox.width);
  await goTo(page, `${last}3`);
  await page.keyboard.type("a long text typed at the edge of the grid, right under the task pane");
  const during = await page.evaluate(() => ({
    layer: document.querySelector(".pg-grid-layer")!.scrollLeft,
    grid: document.querySelector(".pg-grid")!.scrollLeft,
  }));
  expect(during).toEqual({ layer: 0, grid: 0 });
  await page.keyboard.press("Enter");
  // The grid draws its rows again after an entry (on a loaded machine a frame later): wait for row 3's header.
  const header = page.getByRole("rowheader", { name: "3", exact: true });
  await header.waitFor({ state: "visible" });
  const rowHeader = await page.waitForFunction(() => {
    const el = [...document.querySelectorAll('[role="rowheader"]')].find((h) => h.textContent === "3");
    return el ? { x: el.getBoundingClientRect().x } : undefined;
  });
  expect((await rowHeader.jsonValue())!.x).toBeCloseTo(gridBox.x, 0);
  expect((await values(page, `${last}3`))[0][0]).toMatch(/^a long text/);
});

test("the ribbon shows only tabs that work: File opens the backstage, Home formats and clears, Insert makes a table, Formulas calculates, Data refreshes", async () => {
  const ribbonTabs = page.getByRole("tablist", { name: "Ribbon" }).getByRole("tab");
  expect(await ribbonTabs.allTextContents()).toEqual(["File", "Home", "Insert", "Formulas", "Data", "Service"]);
  // Arrowing onto File only focuses it; Enter opens the backstage, Escape returns to the sheet, the tab unchanged.
  const backstage = page.getByRole("dialog", { name: "File" });
  await page.getByRole("tab", { name: "Home", exact: true }).click();
  await page.keyboard.press("ArrowLeft");
  expect(await focused(page)).toMatchObject({ role: "tab", text: "File" });
  expect(await backstage.isHidden()).toBe(true);
  await page.keyboard.press("Enter");
  await backstage.getByRole("button", { name: "Info" }).waitFor();
  await page.keyboard.press("F6"); // the backstage keeps the focus while it is open
  expect(await backstage.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await backstage.waitFor({ state: "hidden" });
  expect(await page.getByRole("tab", { name: "Home", exact: true }).getAttribute("aria-selected")).toBe("true");
  await typeInCell(page, "A1", "0.25");
  await goTo(page, "A1");
  await page.getByRole("tab", { name: "Home", exact: true }).click();
  await page.getByLabel("Number Format").selectOption({ label: "Percentage" });
  await page.locator('.pg-cell[data-addr="A1"]').getByText("25.00%").waitFor();
  await page.locator('[data-command="clear-all"]').click();
  expect(await values(page, "A1")).toEqual([[""]]);
  await page.locator('[data-command="undo"]').click();
  expect(await values(page, "A1")).toEqual([[0.25]]);

  await typeInCell(page, "A1", "name");
  await typeInCell(page, "B1", "amount");
  await typeInCell(page, "A2", "x");
  await typeInCell(page, "B2", "1");
  await goTo(page, "A2");
  await page.getByRole("tab", { name: "Insert", exact: true }).click();
  await page.locator('[data-command="insert-table"]').click();
  await page.waitForFunction(() => window.playground!.inspect.tables().some((t) => t.address === "Sheet1!A1:B2"));

  await page.getByRole("tab", { name: "Formulas", exact: true }).click();
  await page.getByRole("button", { name: "Calculate Now" }).waitFor();
  await page.getByRole("button", { name: "Calculate Full" }).waitFor();

  await page.getByRole("tab", { name: "Data", exact: true }).click();
  await page.locator('[data-command="data-refresh-all"]').click();
  // The command hands Refresh All to the pane, which would ask with the price; an Excel table is no SERVICE source,
  // so it says there is nothing to refresh (never "done" for nothing).
  await page.locator(".pg-status-note").getByText("Refresh All: handed to the add-in").waitFor();
  await page
    .locator("#app")
    .getByText("Nothing to refresh: this workbook has no SERVICE cells or bound tables yet.")
    .first()
    .waitFor();
});

test("Datasets: the filter's placeholder names a column of the chosen dataset; unquoted text is told to be quoted", async () => {
  const datasets = page.locator("#app").getByLabel("Curated datasets");
  await page.locator("#app").getByRole("tab", { name: "Datasets" }).click();
  const dataset = datasets.getByLabel("Dataset", { exact: true });
  const filters = datasets.getByLabel("Filters");
  await dataset.selectOption("operators");
  expect(await filters.getAttribute("placeholder")).toBe("operator_name = 'text'");
  await dataset.selectOption("dex");
  expect(await filters.getAttribute("placeholder")).toBe("one_day_volume > 1000");
  await filters.fill("token_pair = WBTC-WETH");
  await goTo(page, "Sheet3!A1");
  await datasets.getByRole("button", { name: "Insert table" }).click();
  await page
    .locator("#app")
    .getByRole("region", { name: "Progress" })
    .getByText("put text in single quotes: token_pair = 'WBTC-WETH'", { exact: false })
    .waitFor();
});

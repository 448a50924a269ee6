import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { insertResult, pane, runQuery, setCapPerRequest, watchRunState } from "./support/pane-actions";
import { cell, goTo, paneTab, savedSince, typeInCell, values, waitForValue } from "./support/sheet-actions";

// The workbook as a file: kept in IndexedDB, saved by AutoSave or File → Save, found again after a reload and after
// the playground's server restarts on its port. Through the page's UI.
jest.setTimeout(240_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
}

test("an insert larger than localStorage could hold, then a reload: everything is kept", async () => {
  const page = await pg.open();
  await typeInCell(page, "A1", "kept");
  await goTo(page, "Sheet2!A1");
  await setCapPerRequest(page, 1_000); // about 190 credits on Free: over the default cap per request
  await runQuery(page, 1007); // 37 columns × 20,000 rows
  await watchRunState(page, /^completed$/);
  await insertResult(page);
  await page.waitForFunction(() => window.playground!.inspect.tables().some((t) => t.sheet === "Sheet2"), undefined, {
    timeout: 120_000,
  });
  const inserted = Date.now() - 5_000;
  await savedSince(page, inserted);
  const size = await page.evaluate(() => window.playground!.file().savedSize ?? 0);
  // The page's localStorage refuses a text of that size: the old way of keeping the workbook could not.
  const fitsLocalStorage = await page.evaluate((n) => {
    try {
      localStorage.setItem("probe", "x".repeat(n));
      localStorage.removeItem("probe");
      return true;
    } catch {
      return false;
    }
  }, size);
  expect(size).toBeGreaterThan(5_000_000);
  expect(fitsLocalStorage).toBe(false);

  await reload(page);
  expect(await values(page, "A20001:B20001", "Sheet2")).toEqual([[19999, 6666.333]]);
  expect(await values(page, "AK1", "Sheet2")).toEqual([["c36"]]);
  expect(await values(page, "A1")).toEqual([["kept"]]);
  expect(await page.evaluate(() => window.playground!.inspect.tables().map((t) => t.sheet))).toEqual(["Sheet2"]);
  expect(await page.evaluate(() => localStorage.getItem("playground.workbook"))).toBeNull();
});

test("restarting the playground's server on its port: the same workbook is there", async () => {
  const page = await pg.open();
  await typeInCell(page, "B2", "before the restart");
  await savedSince(page);
  await pg.restartServer();
  await reload(page);
  expect(await values(page, "B2")).toEqual([["before the restart"]]);
});

test("AutoSave off: File → Save is the only save; a reload loses what was not saved, settings included", async () => {
  const page = await pg.open();
  page.on("dialog", (dialog) => void dialog.accept()); // "Leave site? Changes you made may not be saved."
  const autoSave = page.getByRole("switch", { name: "AutoSave" });
  expect(await autoSave.getAttribute("aria-checked")).toBe("true");
  await autoSave.click();
  expect(await autoSave.getAttribute("aria-checked")).toBe("false");

  await typeInCell(page, "A1", "saved by hand");
  await page.locator("[data-status=file]").getByText("Not saved (AutoSave is off: File → Save)").waitFor();
  await page.getByRole("tab", { name: "File", exact: true }).click();
  await page.getByRole("dialog", { name: "File" }).getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("dialog", { name: "File" }).locator("[data-command=save]").click();
  await page
    .locator("[data-status=file]")
    .getByText(/^Saved /)
    .waitFor();
  await page.getByRole("dialog", { name: "File" }).getByRole("button", { name: "← Back" }).click();

  await typeInCell(page, "A2", "not saved");
  // The add-in saves a document setting (saveAsync): it reaches the file only with a save.
  await paneTab(page, "Report");
  await pane(page).getByLabel("When this workbook opens").selectOption("refresh");
  await page.waitForFunction(() => window.playground!.file().unsaved);
  await reload(page);
  expect(await values(page, "A1:A2")).toEqual([["saved by hand"], [""]]);
  await paneTab(page, "Report");
  expect(await pane(page).getByLabel("When this workbook opens").inputValue()).toBe("nothing");
  expect(await page.getByRole("switch", { name: "AutoSave" }).getAttribute("aria-checked")).toBe("false");
});

test("sheet tabs: double-click renames, the context menu deletes; the file keeps both", async () => {
  const page = await pg.open();
  await typeInCell(page, "Sheet3!A1", "on the renamed sheet");
  await page.locator(".pg-tab[data-sheet=Sheet3]").dblclick();
  const name = page.getByLabel("Rename sheet Sheet3");
  await name.fill("Prices");
  await name.press("Enter");
  await page.locator(".pg-tab[data-sheet=Prices]").waitFor();
  page.once("dialog", (dialog) => void dialog.accept()); // Sheet2 is empty: no question; kept for safety
  await page.locator(".pg-tab[data-sheet=Sheet2]").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.waitForFunction(() => window.playground!.inspect.sheetNames().join() === "Sheet1,Prices");
  await savedSince(page);
  await reload(page);
  expect(await page.evaluate(() => window.playground!.inspect.sheetNames())).toEqual(["Sheet1", "Prices"]);
  expect(await values(page, "A1", "Prices")).toEqual([["on the renamed sheet"]]);
  expect(await cell(page, "A1").count()).toBe(1);
  await waitForValue(page, "A1", (v) => v === "on the renamed sheet", { sheet: "Prices" });
});

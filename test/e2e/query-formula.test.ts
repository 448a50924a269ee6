import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { pane, runQuery, watchRunState } from "./support/pane-actions";
import { cell, paneTab, typeInCell, waitForValue } from "./support/sheet-actions";

/**
 * A report driven by cells, in the browser: inputs in cells, a SERVICE.QUERY cell that says it has not run with them
 * (and runs nothing), a run from the pane with the same inputs, and the cell showing its result; the Report's rows;
 * `run=on_change` within a daily budget of 20 credits running twice and then stopping.
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
  await typeInCell(page, "A1", "USDC");
  await typeInCell(page, "B1", "14");
  await typeInCell(page, "A3", '=SERVICE.QUERY(1001,"symbol",A1,"days",B1,"limit=3")');
  await waitForValue(page, "A3", (v) => v === "#N/A");
  await page.locator('.pg-cell[data-addr="A3"][title]').waitFor();
  expect(await cell(page, "A3").getAttribute("title")).toBe(
    "Not run with these inputs yet (symbol=USDC, days=14): run it from the Service pane (an estimated 10 credits)",
  );

  // The query's own form: USDC and 14 differ from its defaults, so the run is remembered for a cell giving just
  // those two (a form run answers cells with every input, or with only the ones changed from the defaults).
  await runQuery(page, 1001, { symbol: "USDC", days: "14" });
  await watchRunState(page, /^completed$/);
  await waitForValue(page, "A3", (v) => v === "symbol");
  await waitForValue(page, "A4", (v) => v === "USDC");
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

/** Waits until the Report tab's row for these inputs says its result is current. */
async function reportRowCurrent(page: Page, title: string): Promise<void> {
  await pane(page)
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByText(/Current/)
    .waitFor();
}

/** Credits the shared session has seen executions accepted for (the History tab's Usage table). */
async function sessionCredits(page: Page): Promise<number> {
  await paneTab(page, "History");
  const text = await pane(page)
    .getByRole("row", { name: /This session/ })
    .getByRole("cell")
    .nth(2) // Credits, Reads, Runs: the runs' (reads cost credits too, by their size)
    .textContent();
  return Number((text ?? "").replace(/,/g, ""));
}

test("the Report lists the row with its cells and state; run=on_change with a budget of 20 runs twice, then stops", async () => {
  await paneTab(page, "Report");
  await reportRowCurrent(page, "Query 1001 (symbol=WBTC, days=14)");
  expect(await pane(page).getByRole("listitem").filter({ hasText: "symbol=WBTC" }).textContent()).toContain(
    "Cells: Sheet1!A3",
  );
  await pane(page).getByLabel("Daily credit budget for automatic refreshes and runs").fill("20");
  await pane(page).getByRole("button", { name: "Set budget" }).click();
  await pane(page).getByText("Spent today: 0 of 20 credits.").waitFor();
  const before = await sessionCredits(page);

  await typeInCell(page, "E1", "PEPE");
  await typeInCell(page, "E3", '=SERVICE.QUERY(1001,"symbol",E1,"run=on_change","limit=2")');
  await waitForValue(page, "E3", (v) => v === "#N/A"); // entered: not run, and not run by itself
  for (const symbol of ["ARB", "UNI"]) {
    await typeInCell(page, "E1", symbol);
    await waitForValue(page, "E4", (v) => v === symbol, { timeout: 60_000 });
  }
  await typeInCell(page, "E1", "LINK");
  await waitForValue(page, "E3", (v) => v === "#N/A");
  await page.locator('.pg-cell[data-addr="E3"][title*="budget"]').waitFor();
  expect(await cell(page, "E3").getAttribute("title")).toBe(
    "Not run (symbol=LINK): today's budget for automatic runs and refreshes has no room for it (20 of 20 credits spent); raise it in the Service pane's Report tab, or run it from there (an estimated 10 credits)",
  );
  expect(await sessionCredits(page)).toBe(before + 20);
  await paneTab(page, "Report");
  await pane(page).getByText("Spent today: 20 of 20 credits.").waitFor();
});

test("reloading the page reopens the workbook: the remembered results are shown again, with no execute", async () => {
  // Refresh every SERVICE cell when the workbook opens (kept in the document): the cells compute again on open.
  await paneTab(page, "Report");
  await pane(page).getByLabel("When this workbook opens").selectOption("refresh");
  // Saved into the document, which the playground's AutoSave writes to its file (IndexedDB).
  await page.waitForFunction(() => {
    const file = window.playground!.file();
    return !file.unsaved && !file.saving && file.savedAt !== undefined;
  });
  const executes: string[] = [];
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/execute")) executes.push(request.url());
    if (request.method() === "GET" && /\/results(\/csv)?(\?|$)/.test(request.url())) reads.push(request.url());
  });
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  // The file kept the inputs, the formulas and their last values; on open the cells compute again, find their runs
  // in the document's settings and the runs' rows in the add-in's kept results: nothing is executed or read, and the
  // budget is untouched.
  expect(await cell(page, "A1").textContent()).toBe("WBTC");
  await waitForValue(page, "A4", (v) => v === "WBTC");
  await waitForValue(page, "E3", (v) => v === "#N/A"); // LINK was never run: still not run, and not run now
  expect(await cell(page, "E1").textContent()).toBe("LINK");
  await paneTab(page, "Report");
  await reportRowCurrent(page, "Query 1001 (symbol=WBTC, days=14)");
  await pane(page).getByText("Spent today: 20 of 20 credits.").waitFor();
  // The reopened formula owns its spill: entered again, its result spills over its old values (no #SPILL!).
  await typeInCell(page, "A3", '=SERVICE.QUERY(1001,"symbol",A1,"days",B1,"limit=3")');
  await waitForValue(page, "A3", (v) => v === "symbol");
  expect(await cell(page, "A4").textContent()).toBe("WBTC");
  expect(executes).toEqual([]);
  // The results themselves were kept from the last session (this user, this service): not even read again.
  expect(reads).toEqual([]);
});

import * as XLSX from "@e965/xlsx";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findServiceCells, openWorkbook } from "../../src/xlsx";
import { refresh } from "../refresh/support/run";
import { ManualClock } from "../support/manual-clock";
import { startPlayground, type Playground } from "./support/harness";
import { pane } from "./support/pane-actions";
import { goTo, typeInCell, values, waitForValue } from "./support/sheet-actions";

// A report built in the playground, downloaded as an Excel workbook from the File tab, refreshed by `npm run refresh`
// after the service published new data, and opened again in the playground with File → Open. Through the page's UI.
jest.setTimeout(240_000);

const clock = new ManualClock("2026-03-02T10:05:00Z");
const FORMULA = '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,usd_liquidity")';
let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ clock });
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

test("File → Download → Excel workbook, refreshed without Excel, File → Open shows the new values", async () => {
  // An older Excel build (a recalculating cell shows #BUSY!, not its value): the file's values cannot be read back as
  // it opens, so the cell says it is not loaded until Load (current builds show them: test/e2e/file-cache.test.ts).
  const page = await pg.open("?pending=busy");
  await typeInCell(page, "A1", "Pairs");
  await typeInCell(page, "B1", FORMULA);
  await waitForValue(page, "B1", (v) => v === "token_pair");
  const before = await values(page, "B1:C4");

  await page.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = page.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Download", exact: true }).click();
  await fileTab.getByText(/Not kept: cell styles/).waitFor();
  const [download] = await Promise.all([page.waitForEvent("download"), fileTab.locator("[data-format=xlsx]").click()]);
  expect(download.suggestedFilename()).toBe("Book1.xlsx");
  const dir = await mkdtemp(join(tmpdir(), "playground-download-"));
  const file = join(dir, "Book1.xlsx");
  await download.saveAs(file);
  await page.getByRole("status", { name: "Status" }).getByText("Downloaded Book1.xlsx.", { exact: false }).waitFor();

  // As Excel stores it: the add-in's function under its file name, a dynamic array with its cached values.
  const downloaded = new Uint8Array(await readFile(file));
  const [service] = findServiceCells(openWorkbook(downloaded));
  expect([service!.formula, service!.spillRef, service!.dynamicArray]).toEqual([
    '_xldudf_SERVICE_DATASET("dex","ethereum","limit=3","columns=token_pair,usd_liquidity")',
    "B1:C4",
    true,
  ]);
  expect(service!.cached).toEqual(before);
  expect(XLSX.read(downloaded, { type: "array" }).Sheets.Sheet1!.A1!.v).toBe("Pairs");

  // The service publishes the next slot's figures; the refresh brings them into the file.
  clock.advance(30 * 60_000);
  const out = join(dir, "refreshed.xlsx");
  const env = { SERVICE_API_KEY: pg.service.apiKey, SERVICE_API_BASE_URL: pg.service.url };
  // The refresh records when it ran by the clock of the machine it runs on, as the page records when it fetched: the
  // same machine here (the service's manual clock only moves its data on to the next slot).
  const run = await refresh([file, "--out", out], env, { now: () => Date.now() });
  expect(run.code).toBe(0);
  const refreshed = findServiceCells(openWorkbook(new Uint8Array(await readFile(out))))[0]!.cached;
  expect(refreshed.map((r) => r[0])).toEqual(before.map((r) => r[0])); // same pairs
  expect(refreshed.map((r) => r[1])).not.toEqual(before.map((r) => r[1])); // new liquidity figures

  page.on("dialog", (dialog) => void dialog.accept()); // "Open refreshed.xlsx in place of this workbook?"
  await fileTab.getByRole("button", { name: "Open", exact: true }).click(); // the File tab is still open
  // Open replaces the stored workbook and reloads the page, as a file is opened in place of another.
  await Promise.all([page.waitForEvent("load"), fileTab.getByLabel("Workbook file").setInputFiles(out)]);
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  // The file is newer than what this page fetched before: its kept copy is not shown, and (the workbook opening
  // without refreshing, its cell showing #BUSY!) the cell says it is not loaded and what loading costs, until the
  // user loads it.
  await waitForValue(page, "B1", (v) => v === "#N/A");
  const load = pane(page)
    .getByRole("region", { name: "SERVICE cells not loaded" })
    .getByRole("button", { name: /^Load/ });
  await load.click();
  await waitForValue(page, "B1", (v) => v === "token_pair");
  expect(await values(page, "B1:C4")).toEqual(refreshed);
  expect(await values(page, "A1")).toEqual([["Pairs"]]);
  await goTo(page, "C3");
  await expect(page.getByLabel("Formula Bar").inputValue()).resolves.toBe(FORMULA);
});

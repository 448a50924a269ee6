import type { Page } from "playwright-core";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findServiceCells, openWorkbook } from "../../../src/xlsx";
import { refresh } from "../../refresh/support/run";
import { ManualClock } from "../../support/manual-clock";
import { startPlayground, type Playground } from "../support/harness";
import { insertResult, pane, runQuery, watchRunState } from "../support/pane-actions";
import { goTo, paneTab, typeInCell, values, waitForValue } from "../support/sheet-actions";

// The finance month, one person after another, through the page and the command line: a report built in the
// playground (inputs in cells, a QUERY run, a dataset, a bound table, SERVICE.SOURCE), downloaded, refreshed by
// `npm run refresh` after the service published new figures, opened by a colleague in a browser that keeps nothing
// (the refreshed values at 0 billed requests), refreshed again in the pane, snapshotted, then the next month.
jest.setTimeout(420_000);

// The service's clock starts at the page's (the browser's own), so the page does not take the runs it makes for
// results long expired; the service then moves on by itself only where the journey says.
const clock = new ManualClock(Date.now());
const DATASET = '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,usd_liquidity")';
let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ clock });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

/** The service's own count of the key's credits this billing cycle (POST /v1/usage, free). */
async function creditsUsed(): Promise<number> {
  const res = await fetch(`${pg.service.url}/v1/usage`, {
    method: "POST",
    headers: { "X-Service-Api-Key": pg.service.apiKey },
  });
  const body = (await res.json()) as { billing_periods: { credits_used: number }[] };
  return body.billing_periods[0]!.credits_used;
}

/** Requests that read rows (not the free key check, gateway question, usage count or a query's name). */
function billedReads(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(pg.service.url)) return;
    const path = new URL(request.url()).pathname;
    const free =
      path.endsWith("/status") ||
      path.endsWith("/gateway/me") ||
      path === "/v1/usage" ||
      /^\/v1\/query\/\d+$/.test(path);
    if (!free) seen.push(path);
  });
  return seen;
}

/** File → Download → Excel workbook, saved into `dir`. */
async function download(page: Page, dir: string, name: string): Promise<string> {
  await page.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = page.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Download", exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent("download"), fileTab.locator("[data-format=xlsx]").click()]);
  const saved = join(dir, name);
  await file.saveAs(saved);
  await page.keyboard.press("Escape");
  return saved;
}

/** A browser that keeps nothing opens the file (File → Open, which reloads the page with it). */
async function openInEmptyProfile(file: string): Promise<{ page: Page; reads: string[] }> {
  const page = await pg.open();
  const reads = billedReads(page);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = page.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Open", exact: true }).click();
  await Promise.all([page.waitForEvent("load"), fileTab.getByLabel("Workbook file").setInputFiles(file)]);
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  return { page, reads };
}

const env = () => ({ SERVICE_API_KEY: pg.service.apiKey, SERVICE_API_BASE_URL: pg.service.url });
const cachedOf = async (file: string, address: string) =>
  findServiceCells(openWorkbook(new Uint8Array(await readFile(file)))).find((c) => c.ref === address)!.cached;

test("Finance month: built, downloaded, refreshed headless, opened free by a colleague, refreshed, snapshotted, next month", async () => {
  const dir = await mkdtemp(join(tmpdir(), "finance-month-"));

  // The author builds the report: inputs in cells, a SERVICE.QUERY of them run from the Report tab, a dataset,
  // SERVICE.SOURCE of it, and a table inserted from a run (bound, so refreshes redo it).
  const author = await pg.open();
  await typeInCell(author, "A1", "WETH");
  await typeInCell(author, "B1", "3");
  await typeInCell(author, "A3", '=SERVICE.QUERY(1001,"symbol",A1,"days",B1,"limit=3")');
  await waitForValue(author, "A3", (v) => v === "#N/A");
  await paneTab(author, "Report");
  await pane(author)
    .getByRole("button", { name: /^Run all needed \(1 run/ })
    .click();
  await pane(author).getByRole("status", { name: "Report status" }).getByText("1 run completed.").waitFor({
    timeout: 60_000,
  });
  await waitForValue(author, "A4", (v) => v === "WETH");
  await typeInCell(author, "F3", DATASET);
  await waitForValue(author, "F3", (v) => v === "token_pair");
  await typeInCell(author, "I1", "=SERVICE.SOURCE(F4)");
  await waitForValue(author, "I1", (v) => typeof v === "string" && v.startsWith("Dataset"));
  await goTo(author, "A12");
  await runQuery(author, 1002);
  await watchRunState(author, /^completed$/);
  await insertResult(author);
  await author.waitForFunction(() => window.playground!.inspect.tables().length === 1);
  const built = await values(author, "F3:G6");
  const saved = await download(author, dir, "Report.xlsx");
  await author.context().close();

  // The service publishes its next slot; the scheduler's `npm run refresh` brings the file up to date.
  clock.advance(30 * 60_000);
  const refreshedFile = join(dir, "Report-refreshed.xlsx");
  const run = await refresh([saved, "--out", refreshedFile], env(), { now: () => clock.now() });
  expect(run.out).toMatch(/Written: /);
  expect(run.code).toBe(0);
  const refreshed = await cachedOf(refreshedFile, "F3");
  expect(refreshed.map((r) => r[1])).not.toEqual(built.map((r) => r[1])); // new liquidity figures

  // A colleague opens it in an empty browser: the refreshed values, not one billed request.
  const spent = await creditsUsed();
  const { page: colleague, reads } = await openInEmptyProfile(refreshedFile);
  await colleague.waitForFunction(
    () => window.playground!.functionCells().some((c) => c.address === "F3" && c.updates > 0 && !c.loading),
    undefined,
    { timeout: 30_000 },
  );
  expect(await values(colleague, "F3:G6")).toEqual(refreshed);
  expect(await values(colleague, "A4:A4")).toEqual([["WETH"]]);
  const source = String(await waitForValue(colleague, "I1", (v) => typeof v === "string" && v.startsWith("Dataset")));
  expect(source).toMatch(/as the file holds it/);
  expect(reads).toEqual([]);
  expect(await creditsUsed()).toBe(spent);

  // The colleague refreshes in the pane (priced, confirmed), then takes the month-end snapshot.
  clock.advance(30 * 60_000);
  await pane(colleague).getByRole("button", { name: "Refresh all" }).click();
  await pane(colleague)
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  await pane(colleague)
    .getByText(/1 of 1 table refreshed/)
    .waitFor({ timeout: 60_000 });
  expect(reads.length).toBeGreaterThan(0);
  expect(await creditsUsed()).toBeGreaterThan(spent);
  await paneTab(colleague, "Report");
  await pane(colleague).getByLabel("Snapshot sheet name").fill("2026-02");
  await pane(colleague).getByRole("button", { name: "Snapshot", exact: true }).click();
  await pane(colleague)
    .getByRole("status", { name: "Snapshot status" })
    .getByText(/^Snapshot taken: .* on sheet "2026-02"\./)
    .waitFor({ timeout: 60_000 });
  const closed = await values(colleague, "A1:H40", "2026-02");
  const shown = await values(colleague, "F3:G6");
  expect(closed.flat()).toEqual(expect.arrayContaining(shown.flat()));
  const february = await download(colleague, dir, "Report-february.xlsx");
  await colleague.context().close();

  // The next month: the scheduler refreshes again and adds March's snapshot; February's stays as it was reported.
  clock.advance(31 * 86_400_000);
  const march = join(dir, "Report-march.xlsx");
  const next = await refresh([february, "--out", march, "--snapshot", "--snapshot-name", "2026-03"], env(), {
    now: () => clock.now(),
  });
  expect(next.code).toBe(0);
  expect(next.out).toContain('Snapshot: the refreshed results, as values with their sources, on sheet "2026-03".');
  const book = openWorkbook(new Uint8Array(await readFile(march)));
  expect(book.sheets.map((s) => s.name)).toEqual(expect.arrayContaining(["Sheet1", "2026-02", "2026-03"]));
  const before = openWorkbook(new Uint8Array(await readFile(february)));
  const cellsOf = (b: typeof book) => [...b.worksheet("2026-02").cells.values()].map((c) => [c.ref, c.value]);
  expect(cellsOf(book)).toEqual(cellsOf(before));
});

import type { Page } from "playwright-core";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findServiceCells, openWorkbook } from "../../src/xlsx";
import { refresh } from "../refresh/support/run";
import { ManualClock } from "../support/manual-clock";
import { startPlayground, type Playground } from "./support/harness";
import { functionCell, typeInCell, values, waitForValue } from "./support/sheet-actions";

// The file is the workbook's own cache: a report built in the playground, downloaded as an Excel workbook, refreshed
// by `npm run refresh` after the service published new figures, and opened by a colleague in a browser that keeps
// nothing. Excel runs the SERVICE cells again as the file opens, keeping their values under a loading mark (current
// builds: office-js#4152, #6930); the add-in shows those values, at no request.
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

/** Requests the page sends to the service from now on (every one of the cells' reads is billed), by path. */
function serviceRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(pg.service.url)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/**
 * Requests that read rows, leaving out the free ones: the pane's check of the key (a status), the gateway question,
 * the Usage tab's count, and SERVICE.SOURCE's look-up of a query's name (GET /v1/query/<id>).
 */
const reads = (paths: string[]) =>
  paths.filter(
    (p) => !p.endsWith("/status") && !p.endsWith("/gateway/me") && p !== "/v1/usage" && !/^\/v1\/query\/\d+$/.test(p),
  );

/** The service's own count of the key's credits this billing cycle (POST /v1/usage, free). */
async function creditsUsed(): Promise<number> {
  const res = await fetch(`${pg.service.url}/v1/usage`, {
    method: "POST",
    headers: { "X-Service-Api-Key": pg.service.apiKey },
  });
  const body = (await res.json()) as { billing_periods: { credits_used: number }[] };
  return body.billing_periods[0]!.credits_used;
}

/** The report downloaded as an .xlsx, then refreshed headless after the service moved to its next slot. */
async function refreshedReport(): Promise<{ file: string; before: unknown[][]; refreshed: unknown[][] }> {
  const author = await pg.open();
  await typeInCell(author, "A1", "Pairs");
  await typeInCell(author, "B1", FORMULA);
  await waitForValue(author, "B1", (v) => v === "token_pair");
  const before = await values(author, "B1:C4");
  await author.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = author.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Download", exact: true }).click();
  const [download] = await Promise.all([
    author.waitForEvent("download"),
    fileTab.locator("[data-format=xlsx]").click(),
  ]);
  const dir = await mkdtemp(join(tmpdir(), "file-cache-"));
  const saved = join(dir, "Book1.xlsx");
  await download.saveAs(saved);
  await author.context().close();

  clock.advance(30 * 60_000);
  const file = join(dir, "refreshed.xlsx");
  const env = { SERVICE_API_KEY: pg.service.apiKey, SERVICE_API_BASE_URL: pg.service.url };
  const run = await refresh([saved, "--out", file], env, { now: () => Date.now() });
  expect(run.code).toBe(0);
  const refreshed = findServiceCells(openWorkbook(new Uint8Array(await readFile(file))))[0]!.cached;
  expect(refreshed.map((r) => r[1])).not.toEqual(before.map((r) => r[1])); // new liquidity figures
  return { file, before, refreshed };
}

/** A colleague's empty browser profile opens the file (File → Open, which reloads the page with it). */
async function openInEmptyProfile(file: string, query = ""): Promise<{ page: Page; requests: string[] }> {
  const page = await pg.open(query);
  const requests = serviceRequests(page);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = page.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Open", exact: true }).click();
  await Promise.all([page.waitForEvent("load"), fileTab.getByLabel("Workbook file").setInputFiles(file)]);
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  return { page, requests };
}

test("a report refreshed headless, opened in an empty profile: the refreshed values, 0 billed requests, its age told", async () => {
  const { file, refreshed } = await refreshedReport();
  const spent = await creditsUsed();
  const { page, requests } = await openInEmptyProfile(file);
  // The cell has its result (the loading mark gone), and it is what the file holds.
  await page.waitForFunction(
    () => window.playground!.functionCells().some((c) => c.address === "B1" && c.updates > 0 && !c.loading),
    undefined,
    { timeout: 30_000 },
  );
  expect(await values(page, "B1:C4")).toEqual(refreshed);
  expect((await functionCell(page, "B1"))?.display).toBe("token_pair");
  // The pane tells which requests show the file's values, and how old they are.
  const told = page.locator("#app").getByRole("region", { name: "SERVICE cells showing the file's values" });
  await told
    .getByText(/^DATASET dex\/pairs\/ethereum .*: read \d{4}-\d\d-\d\d \d\d:\d\d UTC, as the file holds it$/)
    .waitFor();
  // SERVICE.SOURCE tells where the values came from and when the refresh read them.
  await typeInCell(page, "E1", "=SERVICE.SOURCE(C3)");
  const source = String(await waitForValue(page, "E1", (v) => typeof v === "string" && v.startsWith("Dataset")));
  expect(source).toMatch(/^Dataset dex \(ethereum\).*; read \d{4}-\d\d-\d\d \d\d:\d\d UTC, as the file holds it;/);
  // A formula reading the spill computes on the file's values.
  await typeInCell(page, "F1", "=ROWS(B1#)");
  await waitForValue(page, "F1", (v) => v === 4);
  expect(reads(requests)).toEqual([]);
  expect(await creditsUsed()).toBe(spent);
});

test("with an older build's #BUSY! the same file says Not loaded, still at no request", async () => {
  const { file } = await refreshedReport();
  const spent = await creditsUsed();
  const { page, requests } = await openInEmptyProfile(file, "?pending=busy");
  await waitForValue(page, "B1", (v) => v === "#N/A", { timeout: 30_000 });
  expect(reads(requests)).toEqual([]);
  expect(await creditsUsed()).toBe(spent);
});

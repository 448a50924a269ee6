import type { Page } from "playwright-core";
import { ManualClock } from "../../support/manual-clock";
import { startPlayground, type Playground } from "../support/harness";
import { pane, setAutomaticBudget } from "../support/pane-actions";
import { paneTab, typeInCell, values, waitForValue } from "../support/sheet-actions";

// The analyst's week in one journey: datasets spilled and chained (one's path argument read from the other's spill,
// a formula over both), the workbook saved (AutoSave) and reopened on another day, after the service published new
// figures; its refresh on open held to the daily budget, what it held explained in the pane; then Refresh All, priced
// and confirmed, bringing everything up to date.
jest.setTimeout(300_000);

// The service's clock starts at the page's, so results it serves are not taken for long expired ones.
const clock = new ManualClock(Date.now());
const PAIRS = '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,chain")';
// Chained: its chain is the first dataset's first row's chain ("ethereum"), picked out of the spill by K1.
const CHAINED = '=SERVICE.DATASET("dex",K1,"limit=2","columns=token_pair,usd_liquidity")';
let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ clock });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

/** Waits until the file has everything: no unsaved change, no save running, saved after `since` (page time). */
async function saved(page: Page, since: number): Promise<void> {
  await page.waitForFunction(
    (after) => {
      const file = window.playground!.file();
      return !file.unsaved && !file.saving && (file.savedAt ?? 0) >= after && file.problem === undefined;
    },
    since,
    { timeout: 120_000 },
  );
}

test("Analyst's week: datasets spilled and chained, reopened another day, its refresh held to the budget and explained, Refresh All", async () => {
  const page = await pg.open();
  await typeInCell(page, "B1", PAIRS);
  await waitForValue(page, "B1", (v) => v === "token_pair");
  await typeInCell(page, "K1", "=INDEX(B1#,2,2)");
  await waitForValue(page, "K1", (v) => v === "ethereum");
  await typeInCell(page, "E1", CHAINED);
  await waitForValue(page, "E1", (v) => v === "token_pair");
  await typeInCell(page, "H1", "=ROWS(B1#)+ROWS(E1#)");
  await waitForValue(page, "H1", (v) => v === 7);
  const monday = await values(page, "E1:F3");

  // This workbook refreshes its SERVICE cells when it opens, within a daily budget of one read (each is 0.01 credits).
  const since = await page.evaluate(() => Date.now());
  await setAutomaticBudget(page, 0.01, "Report");
  await pane(page).getByLabel("When this workbook opens").selectOption("refresh");
  await saved(page, since);

  // Another day: the service moved on to new figures; the analyst opens the workbook again.
  clock.advance(86_400_000);
  // The browser's clock moves on with it (Playwright's clock, installed for the page's context; time then runs).
  await page.clock.install({ time: clock.now() });
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  await paneTab(page, "Report");
  expect(await pane(page).getByLabel("When this workbook opens").inputValue()).toBe("refresh");
  // What the budget held is listed with why and what to do; the cells it held keep the values the file holds.
  const held = pane(page).getByRole("list", { name: "Held automatic refreshes" }).getByRole("listitem");
  await held.first().waitFor({ timeout: 60_000 });
  const why = await held.allInnerTexts();
  expect(why.length).toBeGreaterThan(0);
  for (const line of why)
    expect(line).toMatch(
      /today's automatic budget has no room for it \(about [\d.]+ credits\).*Refresh All refreshes it now; a higher budget \(Report tab\) lets later automatic refreshes through\.$/,
    );
  expect(why.some((line) => line.includes("(Sheet1!E1)"))).toBe(true); // the chained one too
  await pane(page)
    .getByText(/^Spent today: [\d.]+ of 0\.01 credits/)
    .waitFor();
  const spent = Number(
    /^Spent today: ([\d.]+)/.exec(
      (await pane(page)
        .getByText(/^Spent today:/)
        .innerText()) ?? "",
    )![1],
  );
  expect(spent).toBeLessThanOrEqual(0.01 + 0.01); // the budget, plus at most one read's growth
  expect(await values(page, "H1")).toEqual([[7]]);
  if (why.length === 2) expect(await values(page, "E1:F3")).toEqual(monday); // held: exactly as the file holds them

  // Refresh All is the analyst's choice: priced, confirmed, and it brings every cell up to date.
  await pane(page).getByRole("button", { name: "Refresh all" }).click();
  await pane(page)
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  await pane(page)
    .getByText(/SERVICE cells refreshed/)
    .waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (before) => JSON.stringify(window.playground!.inspect.values("Sheet1", "E1:F3")) !== before,
    JSON.stringify(monday),
    { timeout: 30_000 },
  );
  expect((await values(page, "E2:F3")).map((r) => r[1])).not.toEqual(monday.slice(1).map((r) => r[1]));
  await paneTab(page, "Report");
  await held.first().waitFor({ state: "detached", timeout: 30_000 });
  expect(await values(page, "H1")).toEqual([[7]]);
});

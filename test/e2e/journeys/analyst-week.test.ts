import { ManualClock } from "../../support/manual-clock";
import { startPlayground, type Playground } from "../support/harness";
import { pane } from "../support/pane-actions";
import { paneTab, values } from "../support/sheet-actions";
import { reopenNextDay, spillAndChain } from "./support/analyst-week-steps";

// The analyst's week in one journey: datasets spilled and chained (one's path argument read from the other's spill,
// a formula over both), the workbook saved (AutoSave) and reopened on another day, after the service published new
// figures; its refresh on open held to the daily budget, what it held explained in the pane; then Refresh All, priced
// and confirmed, bringing everything up to date.
jest.setTimeout(300_000);

// The service's clock starts at the page's, so results it serves are not taken for long expired ones.
const clock = new ManualClock(Date.now());
let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ clock });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

test("Analyst's week: datasets spilled and chained, reopened another day, its refresh held to the budget and explained, Refresh All", async () => {
  const page = await pg.open();
  await spillAndChain(page);
  const monday = await values(page, "E1:F3");

  // Refresh on open within a budget of one read; another day, the service moved on, the analyst opens it again.
  await reopenNextDay(page, clock);
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

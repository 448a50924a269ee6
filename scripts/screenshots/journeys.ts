/**
 * The walkthroughs' pictures, one per journey, each at its key moment: docs/images/held-refresh.png (docs/analysts.md),
 * docs/images/finance-month.png (docs/reports.md) and docs/images/team-budget.png (docs/teams.md). Each drives the
 * steps of its e2e journey (test/e2e/journeys/analyst-week.test.ts, finance-month.test.ts, journey-team.test.ts) by
 * the shortest path to that moment; the tests assert on them, these only take the picture.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ManualClock } from "../../test/support/manual-clock";
import { startPlayground, type Playground } from "../../test/e2e/support/harness";
import { reopenNextDay, spillAndChain } from "../../test/e2e/journeys/support/analyst-week-steps";
import { pane, signIn } from "../../test/e2e/support/pane-actions";
import { goTo, paneTab, typeInCell, waitForValue } from "../../test/e2e/support/sheet-actions";

/** Runs `take` on a playground of its own, closed after, whatever happens. */
async function withPlayground(
  options: Parameters<typeof startPlayground>[0],
  take: (pg: Playground) => Promise<void>,
): Promise<void> {
  const pg = await startPlayground(options);
  try {
    await take(pg);
  } finally {
    await pg.close();
  }
}

/**
 * The analyst's week: the workbook reopened the next day, its refresh on open held to the daily budget, and the
 * Report tab listing what it held and why. The service's clock moves on a day with the page's, as in the test.
 */
export function analystWeekPicture(images: string): Promise<void> {
  const clock = new ManualClock(Date.now());
  return withPlayground({ clock }, async (pg) => {
    const page = await pg.open();
    await spillAndChain(page);
    await reopenNextDay(page, clock);
    const held = pane(page).getByRole("list", { name: "Held automatic refreshes" });
    await held.getByRole("listitem").first().waitFor({ timeout: 60_000 });
    await held.scrollIntoViewIfNeeded();
    await goTo(page, "E1"); // the chained dataset's formula in the formula bar
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(images, "held-refresh.png") });
  });
}

/** Waits until the status bar says the file is saved, so the picture shows no save half done. */
async function autoSaved(page: Page): Promise<void> {
  await page
    .getByRole("status", { name: "Save state" })
    .getByText(/^Saved/)
    .waitFor({ timeout: 30_000 });
}

/**
 * The finance month: the report built (inputs in cells, a SERVICE.QUERY of them run from the Report tab, a dataset
 * and its SERVICE.SOURCE), then the month-end snapshot taken from the Report tab. The test's download, headless
 * refresh and colleague come between; the snapshot is the same button either way.
 */
export function financeMonthPicture(images: string): Promise<void> {
  return withPlayground({}, async (pg) => {
    const page = await pg.open();
    await typeInCell(page, "A1", "WETH");
    await typeInCell(page, "B1", "3");
    await typeInCell(page, "A3", '=SERVICE.QUERY(1001,"symbol",A1,"days",B1,"limit=3")');
    await waitForValue(page, "A3", (v) => v === "#N/A");
    await paneTab(page, "Report");
    await pane(page)
      .getByRole("button", { name: /^Run all needed \(1 run/ })
      .click();
    await pane(page)
      .getByRole("status", { name: "Report status" })
      .getByText("1 run completed.")
      .waitFor({ timeout: 60_000 });
    await waitForValue(page, "A4", (v) => v === "WETH");
    await typeInCell(page, "F3", '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,usd_liquidity")');
    await waitForValue(page, "F3", (v) => v === "token_pair");
    await typeInCell(page, "I1", "=SERVICE.SOURCE(F4)");
    await waitForValue(page, "I1", (v) => typeof v === "string" && v.startsWith("Dataset"));
    await pane(page).getByLabel("Snapshot sheet name").fill("2026-02");
    await pane(page).getByRole("button", { name: "Snapshot", exact: true }).click();
    const status = pane(page).getByRole("status", { name: "Snapshot status" });
    await status.getByText(/^Snapshot taken: .* on sheet "2026-02"\./).waitFor({ timeout: 60_000 });
    await status.scrollIntoViewIfNeeded();
    await goTo(page, "I1"); // SERVICE.SOURCE's formula in the formula bar
    await autoSaved(page);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(images, "finance-month.png") });
  });
}

/**
 * The team's day: a person signed in to the gateway with a personal token spills datasets until their daily budget
 * cannot pay for one; the refused cell is selected, its message (the gateway's words) in the status bar.
 */
export function teamBudgetPicture(images: string): Promise<void> {
  return withPlayground({ gateway: true, gatewayBudget: 5 }, async (pg) => {
    const page = await pg.open("?signin=none");
    const form = await signIn(page, pg.personalToken!);
    await form
      .getByLabel("Team gateway")
      .getByText(/Signed in as analyst through your team's gateway\./)
      .waitFor();
    let refused: string | undefined;
    for (const [address, formula] of [
      ["A1", '=SERVICE.DATASET("avs","columns=avs_name","limit=3")'],
      ["C1", '=SERVICE.DATASET("operators")'],
      ["K1", '=SERVICE.DATASET("users")'],
      ["S1", '=SERVICE.DATASET("channels")'],
    ] as const) {
      await typeInCell(page, address, formula);
      const value = await waitForValue(page, address, (v) => v !== "" && v !== "#BUSY!", { timeout: 60_000 });
      if (value === "#VALUE!") {
        refused = address;
        break;
      }
    }
    if (!refused) throw new Error("the budget refused none of the reads: the picture would show no refusal");
    // Account asked again (Update) shows what the spills spent, beside the refusal.
    await form.getByRole("button", { name: "Update" }).click();
    await form
      .getByLabel("Team gateway")
      .getByText(/Your budget: (?!5 of)[\d.]+ of 5 credits left today\./)
      .waitFor();
    await goTo(page, refused);
    await autoSaved(page);
    await page
      .getByRole("status", { name: "Cell message" })
      .getByText(/daily budget of 5 credits would be exceeded/)
      .waitFor();
    // Wide enough for the whole message in the status bar (it is cut at the window's width, as Excel's is).
    await page.setViewportSize({ width: 1800, height: 860 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(images, "team-budget.png") });
  });
}

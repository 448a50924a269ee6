/**
 * Writes the pictures of the README, docs/excel.md and docs/reports.md: docs/images/playground.png,
 * docs/images/taskpane.png and docs/images/report.png: the playground with SERVICE formulas, the task pane after a
 * run, and a report driven by cells with the pane's Report tab, against the real local service in the headless browser the tests use.
 * Then the walkthroughs' pictures, one per journey (scripts/screenshots/journeys.ts).
 * Run: npm run screenshots. A generator, not a test: the e2e tests check the same flows and assert on them.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { startPlayground } from "../test/e2e/support/harness";
import { pane, runQuery, watchRunState } from "../test/e2e/support/pane-actions";
import { goTo, paneTab, typeInCell, waitForValue } from "../test/e2e/support/sheet-actions";
import { analystWeekPicture, financeMonthPicture, teamBudgetPicture } from "./screenshots/journeys";

const IMAGES = resolve(__dirname, "..", "docs", "images");

async function takeScreenshots(page: Page): Promise<void> {
  await typeInCell(
    page,
    "A1",
    '=SERVICE.DATASET("dex","ethereum","columns=token_pair,usd_liquidity,seven_day_volume,projects","sort_by=usd_liquidity desc","limit=24")',
  );
  await waitForValue(page, "A1", (v) => v === "token_pair", { timeout: 30_000 });
  await typeInCell(page, "G1", "Last run of query 1001, from the pane:");
  await runQuery(page, 1001, { symbol: "WETH", days: "14", interval: "week" });
  await watchRunState(page, /^completed$/);
  const id = await pane(page)
    .getByRole("status", { name: "Run status" })
    .locator("dt:text-is('Execution') + dd")
    .innerText();
  await typeInCell(page, "G2", `=SERVICE.STATUS("${id}")`);
  await waitForValue(page, "G2", (v) => typeof v === "string" && v.startsWith("COMPLETED"));
  await typeInCell(page, "G4", `=SERVICE.RESULTS("${id}")`);
  await waitForValue(page, "G4", (v) => v === "symbol");
  await typeInCell(page, "G8", '=SERVICE.DATASET("dex")');
  await waitForValue(page, "G8", (v) => v === "#VALUE!" || v === "#N/A");
  // Widen the columns as a user would: double-click each header's right border (autofit), right to left so
  // the columns still to do stay in view.
  for (const column of ["J", "I", "H", "C", "B", "A"]) {
    // The header is redrawn after each autofit: read its place fresh, once the previous one has settled.
    const box = await page.evaluate((letter) => {
      const header = [...document.querySelectorAll(".pg-col-header")].find((h) => h.textContent === letter);
      const r = header?.getBoundingClientRect();
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    }, column);
    if (!box) throw new Error(`no header ${column}`);
    await page.mouse.dblclick(box.x + box.width - 1, box.y + box.height / 2);
    await page.waitForTimeout(100);
  }
  await goTo(page, "A1");
  await page.mouse.move(0, 0);

  await page.screenshot({ path: join(IMAGES, "playground.png") });
  // Tall enough for the whole pane: run form, status and the Insert section.
  await page.setViewportSize({ width: 1400, height: 1300 });
  await pane(page).getByRole("region", { name: "Insert the result" }).waitFor();
  const frame = (await page.locator("aside.pg-pane").boundingBox())!;
  const content = (await pane(page).locator(".svc-pane").boundingBox())!;
  await page.screenshot({
    path: join(IMAGES, "taskpane.png"),
    clip: { x: frame.x, y: frame.y, width: frame.width, height: content.y + content.height - frame.y + 8 },
  });
}

/** A report driven by cells: inputs, two SERVICE.QUERY cells, one run and current, one with new inputs not run yet. */
async function takeReportScreenshot(page: Page): Promise<void> {
  const entries: [string, string][] = [
    ["A1", "Token"],
    ["B1", "WETH"],
    ["A2", "Days"],
    ["B2", "14"],
    ["A4", '=SERVICE.QUERY(1001,"symbol",B1,"days",B2,"columns=period,symbol,avg_price_usd","limit=8")'],
    ["E1", "Token"],
    ["F1", "WBTC"],
    ["E4", '=SERVICE.QUERY(1001,"symbol",F1,"columns=period,symbol,avg_price_usd","limit=8")'],
  ];
  for (const [address, text] of entries) await typeInCell(page, address, text);
  await waitForValue(page, "E4", (v) => v === "#N/A");
  await paneTab(page, "Report");
  await pane(page).getByRole("button", { name: "Run all needed (2 runs, 20 credits)" }).click();
  await pane(page)
    .getByRole("status", { name: "Report status" })
    .getByText("2 runs completed.")
    .waitFor({ timeout: 60_000 });
  await waitForValue(page, "F5", (v) => v === "WBTC");
  // A new input: that cell says it has not run with it, and the Report offers the one run it needs.
  await typeInCell(page, "F1", "ARB");
  await waitForValue(page, "E4", (v) => v === "#N/A");
  await pane(page).getByRole("button", { name: "Run all needed (1 run, 10 credits)" }).waitFor();
  await goTo(page, "F1");
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(IMAGES, "report.png") });
}

async function main(): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  const pg = await startPlayground();
  try {
    await takeScreenshots(await pg.open());
    await takeReportScreenshot(await pg.open());
    console.log(`wrote playground.png, taskpane.png and report.png in ${IMAGES}`);
  } finally {
    await pg.close();
  }
  // Each journey on a playground of its own: the analyst's moves its service's clock a day on, the team's is a gateway.
  await analystWeekPicture(IMAGES);
  await financeMonthPicture(IMAGES);
  await teamBudgetPicture(IMAGES);
  console.log(`wrote held-refresh.png, finance-month.png and team-budget.png in ${IMAGES}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

/**
 * Writes the README's pictures, docs/images/playground.png and docs/images/taskpane.png: the playground with SERVICE
 * formulas, and the task pane after a run, against the real local service in the headless browser the tests use.
 * Run: npm run screenshots. A generator, not a test: the e2e tests check the same flows and assert on them.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { startPlayground } from "../test/e2e/support/harness";
import { pane, runQuery, watchRunState } from "../test/e2e/support/pane-actions";
import { goTo, typeInCell, waitForValue } from "../test/e2e/support/sheet-actions";

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

async function main(): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  const pg = await startPlayground();
  try {
    await takeScreenshots(await pg.open());
    console.log(`wrote ${join(IMAGES, "playground.png")} and ${join(IMAGES, "taskpane.png")}`);
  } finally {
    await pg.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

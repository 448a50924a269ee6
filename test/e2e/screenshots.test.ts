import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { pane, runQuery, watchRunState } from "./support/pane-actions";
import { goTo, typeInCell, waitForValue } from "./support/sheet-actions";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

/**
 * The README's pictures: the playground with SERVICE formulas, and the task pane after a run. Every run takes
 * them (the scene is part of the suite); they replace docs/images/ only with UPDATE_SCREENSHOTS=1 or when
 * missing, so `npm test` leaves the working tree as it found it.
 */
const DOCS = resolve(__dirname, "..", "..", "docs", "images");
const IMAGES =
  process.env.UPDATE_SCREENSHOTS === "1" || !existsSync(join(DOCS, "playground.png"))
    ? DOCS
    : join(tmpdir(), "service-addin-screenshots");

let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground();
  page = await pg.open();
  mkdirSync(IMAGES, { recursive: true });
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

test("docs/images/playground.png and docs/images/taskpane.png", async () => {
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
});

import type { Page } from "playwright-core";
import type { ManualClock } from "../../../support/manual-clock";
import { pane, setAutomaticBudget } from "../../support/pane-actions";
import { paneTab, savedSince, typeInCell, waitForValue } from "../../support/sheet-actions";

/**
 * The analyst's week, its steps once for the journey's test and for its picture (`npm run screenshots`), so the
 * picture shows what the test checks.
 */
export const PAIRS = '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,chain")';
/** The second dataset reads the chain the first one's spill names (K1): it follows the first. */
export const CHAINED = '=SERVICE.DATASET("dex",K1,"limit=2","columns=token_pair,usd_liquidity")';

/** Two datasets spilled and chained through K1, and a formula over both spills (H1: 7 rows). */
export async function spillAndChain(page: Page): Promise<void> {
  await typeInCell(page, "B1", PAIRS);
  await waitForValue(page, "B1", (v) => v === "token_pair");
  await typeInCell(page, "K1", "=INDEX(B1#,2,2)");
  await waitForValue(page, "K1", (v) => v === "ethereum");
  await typeInCell(page, "E1", CHAINED);
  await waitForValue(page, "E1", (v) => v === "token_pair");
  await typeInCell(page, "H1", "=ROWS(B1#)+ROWS(E1#)");
  await waitForValue(page, "H1", (v) => v === 7);
}

/**
 * The workbook set to refresh its SERVICE cells when it opens, within a daily budget of one read (each is 0.01
 * credits), kept by AutoSave; then another day (the service's clock and the browser's move on together) and the
 * workbook opened again, on its Report tab.
 */
export async function reopenNextDay(page: Page, clock: ManualClock): Promise<void> {
  const since = await page.evaluate(() => Date.now());
  await setAutomaticBudget(page, 0.01, "Report");
  await pane(page).getByLabel("When this workbook opens").selectOption("refresh");
  await savedSince(page, since);
  clock.advance(86_400_000);
  // Playwright's clock, installed for the page's context; time then runs from there.
  await page.clock.install({ time: clock.now() });
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
  await paneTab(page, "Report");
}

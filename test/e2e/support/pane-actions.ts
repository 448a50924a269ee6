import type { Locator, Page } from "playwright-core";
import { paneTab } from "./sheet-actions";

export function pane(page: Page): Locator {
  return page.locator("#app");
}

/**
 * Fills the Query tab and presses Run: the query id, Enter (which shows the query's own parameter form, or the
 * free-form editor where the service does not describe the query), then each parameter in the form's field named
 * after it, or as a free-form row.
 */
export async function runQuery(page: Page, queryId: number, parameters: Record<string, string> = {}): Promise<void> {
  await paneTab(page, "Query");
  const form = pane(page).getByRole("form", { name: "Run a query" });
  await form.getByLabel("Query ID").fill(String(queryId));
  await form.getByLabel("Query ID").press("Enter");
  // Enter starts reading the query ("Reading query N…"): wait until the form or the free-form editor replaced it.
  await page.waitForFunction(() => !document.querySelector("#app")?.textContent?.includes("Reading query"));
  const declared = form.getByRole("group", { name: "Parameters" });
  const freeForm = form.getByRole("button", { name: "+ Add parameter" });
  if (await declared.isVisible()) {
    for (const [name, value] of Object.entries(parameters)) {
      const control = declared.getByLabel(new RegExp(`^${name} \\(`));
      if ((await control.evaluate((e) => e.tagName)) === "SELECT") await control.selectOption(value);
      else await control.fill(value);
    }
  } else {
    // Remove rows left from an earlier run, then add ours.
    while ((await form.getByRole("button", { name: /^Remove parameter/ }).count()) > 0) {
      await form
        .getByRole("button", { name: /^Remove parameter/ })
        .first()
        .click();
    }
    let i = 0;
    for (const [name, value] of Object.entries(parameters)) {
      i++;
      await freeForm.click();
      await form.getByLabel(`Parameter ${i} name`).fill(name);
      await form.getByLabel(`Parameter ${i} value`).fill(value);
    }
  }
  await form.getByRole("button", { name: "Run" }).click();
}

/** The run's State as the pane shows it ("executing", "completed", …). */
export function runState(page: Page): Promise<string> {
  return pane(page).getByRole("status", { name: "Run status" }).locator("dt:text-is('State') + dd").innerText();
}

/** Polls the State until `final` shows; returns every state seen on the way, in order. */
export async function watchRunState(page: Page, final: RegExp, timeoutMs = 30_000): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await runState(page).catch(() => "")).trim();
    if (state && seen[seen.length - 1] !== state) seen.push(state);
    if (final.test(state)) return seen;
    if (Date.now() > deadline) throw new Error(`run state never matched ${final}; seen: ${seen.join(" → ")}`);
    await page.waitForTimeout(50);
  }
}

/** The pane's execution id of the current run. */
export function executionId(page: Page): Promise<string> {
  return pane(page).getByRole("status", { name: "Run status" }).locator("dt:text-is('Execution') + dd").innerText();
}

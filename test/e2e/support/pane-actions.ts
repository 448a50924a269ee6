import type { Locator, Page } from "playwright-core";
import { paneTab } from "./sheet-actions";

export function pane(page: Page): Locator {
  return page.locator("#app");
}

/** The Query tab's form. */
export function queryForm(page: Page): Locator {
  return pane(page).getByRole("form", { name: "Run a query" });
}

/** The control of a declared parameter in the query's own form (labelled "name (type)"). */
export function parameterField(page: Page, name: string): Locator {
  return queryForm(page).getByLabel(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`), {
    exact: false,
  });
}

/**
 * Types a query id and presses Enter (which shows the query's parameters, never runs), then waits until the pane
 * shows the query's own form or, where the service does not describe the query, the free-form editor. Returns which.
 */
export async function showQuery(page: Page, queryId: number): Promise<"form" | "free"> {
  await paneTab(page, "Query");
  const form = queryForm(page);
  const id = form.getByLabel("Query ID");
  await id.fill(String(queryId));
  await id.press("Enter");
  const fields = form.locator(".svc-params-form");
  const add = form.getByRole("button", { name: "+ Add parameter" });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (await fields.isVisible()) return "form";
    if (await add.isVisible()) return "free";
    if (Date.now() > deadline) {
      const text = await form.innerText();
      throw new Error(`query ${queryId}: neither its form nor the free-form editor showed; the form says: ${text}`);
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Fills the Query tab and presses Run: the query's own form where the service describes the query (each given
 * parameter set in its control: a date picker takes `YYYY-MM-DD`, an enum its option), else the free-form editor.
 */
export async function runQuery(page: Page, queryId: number, parameters: Record<string, string> = {}): Promise<void> {
  const form = queryForm(page);
  if ((await showQuery(page, queryId)) === "form") {
    for (const [name, value] of Object.entries(parameters)) {
      const control = parameterField(page, name);
      if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption(value);
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
      await form.getByRole("button", { name: "+ Add parameter" }).click();
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

/**
 * Clicks the Query tab's Insert and, when the pane asks (once the first rows told the result's size and credits,
 * if more rows follow), agrees to the cost it shows.
 */
export async function insertResult(page: Page, timeoutMs = 30_000): Promise<void> {
  await pane(page).getByRole("region", { name: "Insert the result" }).getByRole("button", { name: "Insert" }).click();
  await acceptInsertCost(page, timeoutMs);
}

/** Agrees to an insert's cost when the pane asks; returns once it asked, or once the insert ended without asking. */
export async function acceptInsertCost(page: Page, timeoutMs = 30_000): Promise<void> {
  const agree = pane(page).getByRole("button", { name: /^Insert \([\d.,]+ credits?\)$/ });
  const ended = pane(page)
    .getByRole("region", { name: "Progress" })
    .getByText(/^(Inserted|Insert cancelled|Insert not started|Over the cap of|Stopped: the rest)/);
  await agree.or(ended).first().waitFor({ timeout: timeoutMs });
  if (await agree.isVisible()) await agree.click();
}

/**
 * Agrees to Refresh All's priced confirmation, and makes sure the answer reached it: the confirmation closes. Pressed
 * from the keyboard (the button has focus as the confirmation opens), so a pane still settling around it cannot turn
 * the answer into a click on something else.
 */
export async function confirmRefreshAll(page: Page, timeoutMs = 30_000): Promise<void> {
  const agree = pane(page).getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ });
  await agree.waitFor({ timeout: timeoutMs });
  await agree.press("Enter");
  await agree.waitFor({ state: "detached", timeout: 10_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\nThe confirmation stayed open; the pane said: ${await pane(page).innerText()}`);
  });
}

/** Sets the cap per request in Account (what one insert may spend), then goes back to `tab`. */
export async function setCapPerRequest(page: Page, credits: number, tab = "Query"): Promise<void> {
  await paneTab(page, "Account");
  await pane(page).getByLabel("Cap per request (credits)").fill(String(credits));
  await pane(page).getByRole("button", { name: "Save plan" }).click();
  await pane(page)
    .getByText(/^Saved: reads priced on/)
    .waitFor();
  await paneTab(page, tab);
}

/** Sets the workbook's daily budget for automatic refreshes and runs (the Report tab), then goes back to `tab`. */
export async function setAutomaticBudget(page: Page, credits: number, tab?: string): Promise<void> {
  await paneTab(page, "Report");
  await pane(page).getByLabel("Daily credit budget for automatic refreshes and runs").fill(String(credits));
  await pane(page).getByRole("button", { name: "Set budget" }).click();
  await pane(page)
    .getByText(new RegExp(`^Spent today: [\\d.,]+ of ${credits} credits`))
    .waitFor();
  if (tab) await paneTab(page, tab);
}

/** Account: `key` (an API key, or a gateway's personal token) saved as the key; returns the sign-in form once signed in. */
export async function signIn(page: Page, key: string): Promise<Locator> {
  await paneTab(page, "Account");
  const form = pane(page).getByRole("form", { name: "Sign in" });
  await form.getByRole("textbox", { name: "API key" }).fill(key);
  await form.getByRole("button", { name: "Save" }).click();
  await form.getByRole("status").getByText("Signed in.").waitFor();
  return form;
}

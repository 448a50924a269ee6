import type { Locator, Page } from "playwright-core";

type Matrix = (string | number | boolean)[][];

/** Goes to a cell through the Name Box, as a user would, then types into it and presses Enter. */
export async function typeInCell(page: Page, address: string, text: string): Promise<void> {
  await goTo(page, address);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

export async function goTo(page: Page, address: string): Promise<void> {
  const nameBox = page.getByLabel("Name Box");
  await nameBox.fill(address);
  await nameBox.press("Enter");
}

/** The drawn cell (only cells in the visible window exist in the DOM). */
export function cell(page: Page, address: string): Locator {
  return page.locator(`.pg-cell[data-addr="${address}"]`);
}

/** `range.values` of a block, read from the emulated workbook. */
export function values(page: Page, address: string, sheet = "Sheet1"): Promise<Matrix> {
  return page.evaluate(([s, a]) => window.playground!.inspect.values(s, a), [sheet, address] as const);
}

/** Waits until a cell's value satisfies `accept` (a predicate source evaluated in the page), returns it. */
export async function waitForValue(
  page: Page,
  address: string,
  accept: (value: string | number | boolean) => boolean,
  options: { sheet?: string; timeout?: number } = {},
): Promise<string | number | boolean> {
  const sheet = options.sheet ?? "Sheet1";
  const deadline = Date.now() + (options.timeout ?? 20_000);
  let last: string | number | boolean = "";
  for (;;) {
    last = (await values(page, address, sheet))[0][0];
    if (accept(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`${sheet}!${address} never matched; last value: ${JSON.stringify(last)}`);
    await page.waitForTimeout(100);
  }
}

/** The SERVICE cell at an address, as the playground tracks it. */
export async function functionCell(page: Page, address: string, sheet = "Sheet1") {
  const cells = await page.evaluate(() => window.playground!.functionCells());
  return cells.find((c) => c.sheet === sheet && c.address === address);
}

/** The pane's tab by name (Query, Datasets, History, Account). */
export async function paneTab(page: Page, name: string): Promise<void> {
  await page.locator("#app").getByRole("tab", { name }).click();
}

/** Waits until the playground's file has everything: no unsaved change, no save running, saved after `since` (page time). */
export async function savedSince(page: Page, since = 0): Promise<void> {
  await page.waitForFunction(
    (after) => {
      const file = window.playground!.file();
      return !file.unsaved && !file.saving && (file.savedAt ?? 0) >= after && file.problem === undefined;
    },
    since,
    { timeout: 120_000 },
  );
}

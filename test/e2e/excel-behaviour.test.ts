import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { functionCell, goTo, typeInCell, waitForValue } from "./support/sheet-actions";

// Excel's invocation behaviours as the page's UI shows them: Calculate Now and Calculate Full, streaming cells on
// opening, formula value preview. The unit tests (test/playground/behaviour) cover every setting.
jest.setTimeout(120_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

const DATASET = '=SERVICE.DATASET("dex","ethereum")';
const invocations = (page: Page) => page.evaluate(() => window.playground!.invocations());

async function reopen(page: Page, query = ""): Promise<void> {
  await page.waitForFunction(() => {
    const file = window.playground!.file();
    return !file.unsaved && !file.saving && file.savedAt !== undefined;
  });
  await page.goto(`${pg.server.url}/playground.html${query}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
}

test("Calculate Now runs no SERVICE cell again; Calculate Full runs each again", async () => {
  const page = await pg.open();
  await typeInCell(page, "A1", DATASET);
  await waitForValue(page, "A1", (v) => v !== "#BUSY!");
  const before = await invocations(page);
  await page.getByRole("tab", { name: "Formulas", exact: true }).click();
  await page.getByRole("button", { name: "Calculate Now" }).click();
  await page.keyboard.press("F9");
  expect(await invocations(page)).toBe(before);
  await page.getByRole("button", { name: "Calculate Full" }).click();
  await page.waitForFunction((n) => window.playground!.invocations() === n + 1, before);
  await waitForValue(page, "A1", (v) => v !== "#BUSY!");
  expect((await functionCell(page, "A1"))?.canceled).toBe(false);
});

test("opening the workbook runs its streaming cells again (the default), or keeps them (reinvoke=off)", async () => {
  const page = await pg.open();
  await typeInCell(page, "A1", DATASET);
  const first = await waitForValue(page, "A1", (v) => v !== "#BUSY!");
  await reopen(page);
  await page.waitForFunction(() => window.playground!.invocations() === 1);
  expect(await waitForValue(page, "A1", (v) => v !== "#BUSY!")).toBe(first);
  await reopen(page, "?reinvoke=off");
  expect(await invocations(page)).toBe(0);
  expect(await functionCell(page, "A1")).toMatchObject({ dormant: true, display: first });
});

test("formula value preview (preview=on): a complete call runs with isInValuePreview; Escape cancels it", async () => {
  const page = await pg.open("?preview=on");
  await goTo(page, "C3");
  await page.keyboard.type(DATASET);
  await page.waitForFunction(() => window.playground!.previews().live === 1);
  expect(await page.evaluate(() => window.playground!.previews().flags)).toEqual([true]);
  await page.getByRole("status", { name: "Formula value preview" }).getByText(/^= /).waitFor();
  await page.keyboard.press("Escape");
  expect(await page.evaluate(() => window.playground!.previews())).toMatchObject({ started: 1, live: 0 });
  expect(await page.evaluate(() => window.playground!.inspect.values("Sheet1", "C3"))).toEqual([[""]]);
});

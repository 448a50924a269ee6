import type { Page } from "playwright-core";
import { TEST_KEYS } from "../support/service";
import { startPlayground, type Playground } from "./support/harness";
import { goTo, typeInCell, values } from "./support/sheet-actions";

// A workbook of SERVICE cells reopened in the playground, which runs every streaming cell again as the workbook
// opens, as Excel does (office-js#2220): the add-in serves them from the results it kept in IndexedDB.
jest.setTimeout(180_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

const AVS = '=SERVICE.DATASET("avs","limit=5","columns=avs_name,total_TVL")';
const CELLS: [string, string][] = [
  ["A1", AVS],
  ["D1", AVS], // the same request: one stream, one kept result
  ["G1", '=SERVICE.DATASET("dex","ethereum","limit=4","columns=chain,token_pair")'],
  ["A10", '=SERVICE.DATASET("operators","limit=3","columns=operator_name")'],
  ["D10", '=SERVICE.DATASET("channels","limit=3","columns=channel")'],
  ["G10", '=SERVICE.DATASET("users","limit=3","columns=fid")'],
];

/** Requests the page sends to the service, by path, from now on. */
function serviceRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(pg.service.url)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/**
 * What the cells ask for, leaving out the pane's own free requests: its check of the saved key (a status of a probe
 * id), its question whether the service is a team gateway (GET /gateway/me), the Usage tab's free question of
 * the service's own count of credits (POST /v1/usage), and the Query tab's names of the local demo queries
 * (GET /v1/query/<id>, a saved query's description: free).
 */
function cellRequests(seen: string[]): string[] {
  return seen.filter(
    (path) =>
      !path.endsWith("/status") &&
      !path.endsWith("/gateway/me") &&
      !path.endsWith("/v1/usage") &&
      !/\/v1\/query\/\d+$/.test(path),
  );
}

async function enterCells(page: Page): Promise<void> {
  for (const [address, formula] of CELLS) await typeInCell(page, address, formula);
  await settled(page);
}

/** Every SERVICE cell has its first result since the page opened (not #BUSY!, no loading mark). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const cells = window.playground!.functionCells();
      return cells.length === n && cells.every((c) => c.updates > 0 && !c.loading && c.display !== "#BUSY!");
    },
    CELLS.length,
    { timeout: 30_000 },
  );
}

async function reopen(page: Page, query = ""): Promise<void> {
  await page.waitForFunction(() => {
    const file = window.playground!.file();
    return !file.unsaved && !file.saving && file.savedAt !== undefined;
  });
  await page.goto(`${pg.server.url}/playground.html${query}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
}

test("reopening a workbook of SERVICE cells: every cell runs again and is served from the kept results, 0 requests", async () => {
  const page = await pg.open();
  await enterCells(page);
  const before = await values(page, "A1:H13");
  const seen = serviceRequests(page);
  await reopen(page);
  await page.waitForFunction((n) => window.playground!.invocations() >= n, CELLS.length - 1);
  await settled(page);
  expect(await values(page, "A1:H13")).toEqual(before);
  expect(cellRequests(seen)).toEqual([]);

  // Formula value preview of a formula whose rows are kept: shown, still nothing asked of the service.
  await reopen(page, "?preview=on");
  await settled(page);
  await goTo(page, "J1");
  await page.keyboard.type(AVS);
  await page.getByRole("status", { name: "Formula value preview" }).getByText(/^= /).waitFor();
  await page.keyboard.press("Escape");
  expect(await page.evaluate(() => window.playground!.previews().flags)).toEqual([true]);
  expect(cellRequests(seen)).toEqual([]);
});

test("another user opening it with nothing kept, on an older build (#BUSY! while pending): every cell says it is not loaded and what that costs; the pane's Load fills them", async () => {
  const page = await pg.open();
  await enterCells(page);
  const before = await values(page, "A1:B1");
  await page.waitForFunction(() => {
    const file = window.playground!.file();
    return !file.unsaved && !file.saving && file.savedAt !== undefined;
  });
  // The workbook file travels to another person's computer: none of this browser's user storage goes with it (no
  // key, no kept results), only the file.
  const state = await page.context().storageState({ indexedDB: true });
  type Origin = (typeof state.origins)[number] & { indexedDB?: { name: string }[] };
  const origins = (state.origins as Origin[]).map((origin) => ({
    ...origin,
    localStorage: [],
    indexedDB: (origin.indexedDB ?? []).filter((db) => db.name === "playground-workbook"),
  }));
  expect(origins.some((o) => o.indexedDB.length === 1)).toBe(true);
  const elsewhere = await pg.browser.newContext({
    viewport: { width: 1400, height: 860 },
    storageState: { cookies: [], origins },
  });
  try {
    const other = await elsewhere.newPage();
    const seen = serviceRequests(other);
    // An older Excel build: the cells show #BUSY!, not the file's values, while Excel runs them again, so the add-in
    // cannot show what the file holds (current builds show it: test/e2e/file-cache.test.ts).
    await other.goto(`${pg.server.url}/playground.html?key=${TEST_KEYS.alice}&pending=busy`);
    await other.waitForFunction(() => document.body.dataset.ready === "true", undefined, { timeout: 30_000 });
    await other.waitForFunction((n) => window.playground!.invocations() >= n, CELLS.length - 1);
    await settled(other);
    // Every cell is invoked as the workbook opens, but not all in one turn of the page: one not yet invoked still shows
    // the file's value. Wait until each has said what it says (the assertions below tell what is shown otherwise).
    await other
      .waitForFunction(
        (n) => {
          const shown = window.playground!.functionCells();
          return shown.length === n && shown.every((cell) => cell.display === "#N/A");
        },
        CELLS.length,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    const cells = await other.evaluate(() => window.playground!.functionCells());
    expect(cells).toHaveLength(CELLS.length);
    for (const cell of cells) {
      expect(cell.display).toBe("#N/A");
      expect(cell.message).toMatch(/^Not loaded: .* Loading it costs up to .* credits on the Free plan/);
    }
    expect(cellRequests(seen)).toEqual([]);

    const list = other.locator("#app").getByRole("region", { name: "SERVICE cells not loaded" });
    await list.getByText("5 SERVICE requests are not loaded on this computer: their cells show #N/A.").waitFor();
    expect(await list.getByRole("listitem").count()).toBe(5);
    await list.getByRole("button", { name: /^Load \(up to .* credits\)$/ }).click();
    await other.waitForFunction(() => window.playground!.functionCells().every((c) => c.display !== "#N/A"));
    expect(await values(other, "A1:B1")).toEqual(before);
    await list.waitFor({ state: "hidden" });
    expect(cellRequests(seen)).toHaveLength(5);
  } finally {
    await elsewhere.close();
  }
});

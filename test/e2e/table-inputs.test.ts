import type { Page } from "playwright-core";
import { ServiceClient } from "../../src/client";
import { startPlayground, type Playground } from "./support/harness";
import { insertResult, pane, runQuery, watchRunState } from "./support/pane-actions";
import { goTo, paneTab, values } from "./support/sheet-actions";

// A table inserted from a run of a parameterised query keeps its inputs: another run of the query with other inputs,
// then Refresh All, and the table still shows a run of its own; History lists both runs, and the Usage tab's count
// agrees with the service's own.
jest.setTimeout(180_000);

let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground();
  page = await pg.open();
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

test("a parameterised run inserted as a table, another run with other inputs, Refresh All: the table keeps its inputs", async () => {
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && /\/v1\/query\/1001\/results/.test(request.url())) reads.push(request.url());
  });

  // The Usage tab counts beside the service from its first comparison on.
  await paneTab(page, "History");
  await pane(page).getByRole("button", { name: "Compare with the service's count" }).click();
  await pane(page)
    .getByText(/Counting from now|agree/)
    .waitFor({ timeout: 30_000 });

  await goTo(page, "Sheet2!B2");
  await runQuery(page, 1001, { symbol: "WBTC", days: "5" });
  await watchRunState(page, /^completed$/);
  await insertResult(page);
  await page.waitForFunction(() => window.playground!.inspect.tables().length === 1);
  const inserted = await values(page, "B2:E7", "Sheet2");
  expect(inserted[0]).toEqual(["symbol", "period", "days_in_period", "avg_price_usd"]);
  expect(inserted.slice(1).map((r) => r[0])).toEqual(Array(5).fill("WBTC"));

  // The same query with other inputs: now the query's latest run, and not this table's.
  await runQuery(page, 1001, { symbol: "ARB", days: "9" });
  await watchRunState(page, /^completed$/);

  await pane(page).getByRole("button", { name: "Refresh all" }).click();
  await pane(page)
    .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
    .click();
  await pane(page)
    .getByText(/1 of 1 table refreshed/)
    .waitFor({ timeout: 60_000 });
  const [table] = await page.evaluate(() => window.playground!.inspect.tables());
  expect(table!.address).toBe("Sheet2!B2:E7");
  expect(await values(page, "B2:E7", "Sheet2")).toEqual(inserted);
  // The refresh asked for the latest result of the table's own inputs, by name and value.
  const refreshRead = new URL(reads[reads.length - 1]!);
  expect(refreshRead.searchParams.get("params.symbol")).toBe("WBTC");
  expect(refreshRead.searchParams.get("params.days")).toBe("5");

  // History lists both runs with their inputs.
  await paneTab(page, "History");
  const runs = pane(page).getByRole("list", { name: "Recent executions" }).getByRole("listitem");
  await runs.filter({ hasText: "symbol=ARB" }).waitFor();
  expect(await runs.filter({ hasText: "Query 1001" }).count()).toBe(2);
  expect(await runs.filter({ hasText: "symbol=WBTC" }).count()).toBe(1);

  // Usage: what this session counted since sign-in is what the service counted for the key.
  await pane(page).getByRole("button", { name: "Compare with the service's count" }).click();
  await pane(page)
    .getByText(/^Since .*: the service counted/)
    .waitFor({ timeout: 30_000 });
  const compared = await pane(page)
    .getByText(/^Since .*: the service counted/)
    .textContent();
  expect(compared).toMatch(/difference 0\. The service's count and ours agree\./);
  const client = new ServiceClient({ apiKey: pg.service.apiKey, baseUrl: pg.service.url });
  const usage = await client.usage();
  const serviceCredits = usage.billing_periods.reduce((n, p) => n + p.credits_used, 0);
  const sessionRow = pane(page)
    .getByRole("row", { name: /This session/ })
    .getByRole("cell");
  const sessionCredits = Number(((await sessionRow.nth(0).textContent()) ?? "").replace(/,/g, ""));
  expect(sessionCredits).toBeCloseTo(serviceCredits, 2);
});

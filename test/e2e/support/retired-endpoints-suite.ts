import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./harness";
import {
  confirmRefreshAll,
  insertResult,
  pane,
  parameterField,
  queryForm,
  runQuery,
  showQuery,
  watchRunState,
} from "./pane-actions";
import { cell, goTo, paneTab, typeInCell, values, waitForValue } from "./sheet-actions";
import { serviceTable } from "./service-answers";

/**
 * One formula per curated dataset, its path arguments among the local service's data; the endpoint it names, and
 * the local saved query (with the path arguments as filters) whose latest result the add-in should read instead.
 * Written out here rather than taken from the client's catalog, so that a wrong entry there fails this test.
 */
const DATASETS: { name: string; args: string[]; path: string; query: number; filters?: string }[] = [
  { name: "avs", args: [], path: "/v1/restaking/avs-stats", query: 9000001 },
  { name: "operators", args: [], path: "/v1/restaking/operator-metadata", query: 9000002 },
  { name: "dex", args: ["ethereum"], path: "/v1/dex/pairs/ethereum", query: 9000003, filters: "chain = 'ethereum'" },
  {
    name: "marketshare",
    args: ["dex", "ethereum"],
    path: "/v1/marketshare/dex/ethereum",
    query: 9000004,
    filters: "market = 'dex' AND blockchain = 'ethereum'",
  },
  { name: "channels", args: [], path: "/v1/social/trends/channels", query: 9000005 },
  { name: "users", args: [], path: "/v1/social/trends/users", query: 9000006 },
];

function dataset(name: string): (typeof DATASETS)[number] {
  return DATASETS.find((d) => d.name === name)!;
}

/** The saved query's rows the add-in should have read in the dataset's place, as the service answers them. */
function expectedRows(pg: Playground, name: string, limit: number) {
  const { query, filters } = dataset(name);
  return serviceTable(pg.service, `/v1/query/${query}/results`, { limit, ...(filters ? { filters } : {}) });
}

/**
 * End to end with the local service's curated endpoints off (as the real service is retiring its own): every dataset
 * formula, the pane's insert and a bound table read the saved query behind the dataset and say so; the Query tab's
 * form for each demo query, switching ids included. Run direct and through the relay (`relay: true`), since the
 * relay is how Excel reaches the real service.
 */
export function retiredEndpointsSuite(options: { relay: boolean }): void {
  let pg: Playground;
  let page: Page;

  beforeAll(async () => {
    pg = await startPlayground({ curatedEndpoints: false, relay: options.relay });
    page = await pg.open();
  }, 300_000);
  afterAll(async () => {
    await pg?.close();
  });

  test("the service's curated endpoints are off (a 404), so nothing below can come from them", async () => {
    const response = await fetch(`${pg.service.url}/v1/dex/pairs/ethereum?limit=1`, {
      headers: { "X-Service-Api-Key": pg.service.apiKey },
    });
    expect(response.status).toBe(404);
  });

  test("every dataset formula spills the saved query's rows and says on its first header cell where they came from", async () => {
    for (const [i, { name, args }] of DATASETS.entries()) {
      const row = 1 + i * 5;
      const quoted = [name, ...args].map((a) => `"${a}"`).join(",");
      await typeInCell(page, `A${row}`, `=SERVICE.DATASET(${quoted},"limit=2")`);
    }
    for (const [i, { name, path, query }] of DATASETS.entries()) {
      const row = 1 + i * 5;
      const expected = await expectedRows(pg, name, 2);
      await waitForValue(page, `A${row + 1}`, (v) => v !== "" && v !== "#BUSY!", { timeout: 30_000 });
      const last = String.fromCharCode(64 + Math.min(expected.columns.length, 26));
      const shown = await values(page, `A${row}:${last}${row + 2}`);
      // The first header cell carries the note (#N/A, its message on hover); the other headers and the rows are data.
      expect([name, shown[0]![0]]).toEqual([name, "#N/A"]);
      expect(shown[0]!.slice(1)).toEqual(expected.columns.slice(1, shown[0]!.length));
      expect(shown[1]![0]).toBe(expected.rows[0]![0]);
      expect(shown[2]![0]).toBe(expected.rows[1]![0]);
      await page.locator(`.pg-cell[data-addr="A${row}"][title]`).waitFor();
      const title = await cell(page, `A${row}`).getAttribute("title");
      expect(title).toMatch(
        new RegExp(`^Column "${expected.columns[0]}"\\. Rows from saved query ${query}'s latest result`),
      );
      expect(title).toContain(`its endpoint ${path} is gone.`);
    }
  });

  test("a dataset inserted from the Datasets tab is a bound table whose insert and Refresh All say where its rows came from", async () => {
    await goTo(page, "Sheet2!A1");
    await paneTab(page, "Datasets");
    const panel = pane(page);
    await panel.getByLabel("Dataset", { exact: true }).selectOption("dex");
    await panel.getByLabel("Chain", { exact: true }).selectOption("ethereum");
    await panel.getByLabel("Limit", { exact: true }).fill("3");
    await panel.getByRole("button", { name: "Insert table" }).click();
    const progress = panel.getByRole("region", { name: "Progress" });
    await progress.getByText(/Inserted 3 rows/).waitFor({ timeout: 30_000 });
    const message = await progress.getByRole("status").innerText();
    expect(message).toContain(`Rows from saved query ${dataset("dex").query}'s latest result`);
    expect(message).toContain("its endpoint /v1/dex/pairs/ethereum is gone.");
    const expected = await expectedRows(pg, "dex", 3);
    const [table] = await page.evaluate(() => window.playground!.inspect.tables().filter((t) => t.sheet === "Sheet2"));
    expect(table).toBeDefined();
    expect((await values(page, "A1:B2", "Sheet2")).map((r) => r[0])).toEqual(["chain", expected.rows[0]![0]]);

    await panel.getByRole("button", { name: "Refresh all" }).click();
    // It asks first, listing the table's read with its estimated credits.
    await confirmRefreshAll(page);
    const outcome = panel.getByRole("list", { name: "Refresh results" }).getByRole("listitem").first();
    // Generous: a whole Refresh All (six dataset cells and the table) through the relay on a loaded machine; what is
    // checked is what it says, not how fast it is.
    await outcome.waitFor({ timeout: 90_000 }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nThe pane said: ${await panel.innerText()}`);
    });
    expect(await outcome.innerText()).toMatch(
      new RegExp(`^${table!.name}: 3 rows\\. Rows from saved query ${dataset("dex").query}'s latest result`),
    );
  });

  test("the form of each demo query: its name and declared parameters with their defaults (1001: text, number, date, enum)", async () => {
    expect(await showQuery(page, 1001)).toBe("form");
    const form = queryForm(page);
    await form.getByText("Token price history").waitFor();
    await expect(parameterField(page, "symbol").inputValue()).resolves.toBe("WETH");
    await expect(parameterField(page, "days").getAttribute("type")).resolves.toBe("number");
    await expect(parameterField(page, "days").inputValue()).resolves.toBe("7");
    await expect(parameterField(page, "since").getAttribute("type")).resolves.toBe("date");
    await expect(parameterField(page, "since").inputValue()).resolves.toBe("2024-01-01");
    await expect(parameterField(page, "interval").evaluate((el) => el.tagName)).resolves.toBe("SELECT");
    await expect(
      parameterField(page, "interval").evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.value)),
    ).resolves.toEqual(["day", "week", "month"]);
    // Names are the query's: the form offers no way to add one.
    expect(await form.getByRole("button", { name: "+ Add parameter" }).isVisible()).toBe(false);

    expect(await showQuery(page, 1006)).toBe("form");
    await form.getByText("Team-only desk positions").waitFor();
    await expect(parameterField(page, "desk").inputValue()).resolves.toBe("rates");

    for (const [id, name] of [
      [1002, "Recent DEX trades (500 rows)"],
      [1003, "Transfers (1,000,000 rows x 10 columns)"],
      [1004, "Slow scan (for cancel)"],
      [1005, "Always fails"],
      [1007, "Wide result (37 columns x 20,000 rows)"],
      [1008, "CSV and typing fixture"],
    ] as const) {
      expect(await showQuery(page, id)).toBe("form");
      await form.getByText(name, { exact: true }).waitFor();
      await form.getByText("This query takes no parameters.").waitFor();
    }

    // A query the service does not describe (none with this id): the free-form editor, with a line why.
    expect(await showQuery(page, 424242)).toBe("free");
    await form.getByText(/does not describe query 424242/).waitFor();
  });

  test("switching query ids never carries the last query's parameters over", async () => {
    expect(await showQuery(page, 1001)).toBe("form");
    await parameterField(page, "symbol").fill("WBTC");
    await parameterField(page, "interval").selectOption("month");
    expect(await showQuery(page, 1006)).toBe("form");
    await parameterField(page, "desk").selectOption("fx");
    expect(await showQuery(page, 1001)).toBe("form");
    await expect(parameterField(page, "symbol").inputValue()).resolves.toBe("WETH");
    await expect(parameterField(page, "interval").inputValue()).resolves.toBe("day");
    expect(await showQuery(page, 1006)).toBe("form");
    await expect(parameterField(page, "desk").inputValue()).resolves.toBe("rates");
  });

  test("a run from the form sends every type as declared, and its result is inserted", async () => {
    await goTo(page, "Sheet3!A1");
    await runQuery(page, 1001, { symbol: "WBTC", days: "21", since: "2024-02-01", interval: "week" });
    await watchRunState(page, /^completed$/);
    await insertResult(page);
    await waitForValue(page, "A2", (v) => v === "WBTC", { sheet: "Sheet3", timeout: 30_000 });
    const rows = await values(page, "A1:D5", "Sheet3");
    expect(rows[0]).toEqual(["symbol", "period", "days_in_period", "avg_price_usd"]);
    // 21 days from Thursday 2024-02-01, by week (weeks start on Monday): 4 + 7 + 7 + 3 days.
    expect(rows.slice(1).map((r) => r[2])).toEqual([4, 7, 7, 3]);
  });
}

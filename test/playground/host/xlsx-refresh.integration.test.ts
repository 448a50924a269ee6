import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_TIER, queryRunKey } from "../../../src/service-cells";
import { readOpenedFile } from "../../../src/playground/host/opened-file";
import { xlsxBytesOf } from "../../../src/playground/host/xlsx-export";
import type { WorkbookDocument } from "../../../src/playground/workbook";
import { ManualClock } from "../../support/manual-clock";
import { startTestService, type TestService } from "../../support/service";
import { bindingSettings, LAST_MONTH_END, NOW, PAIRS_BINDING } from "../../refresh/support/report-book";
import { refresh } from "../../refresh/support/run";

const DATASET = '=SERVICE.DATASET("dex","ethereum","limit=3","columns=token_pair,chain")';
const QUERY = '=SERVICE.QUERY(1001,"symbol","WETH","since",B1,"days",3)';
const RUN_KEY = queryRunKey(1001, { symbol: "WETH", since: "2026-02-28", days: 3 }, DEFAULT_TIER);

/**
 * A month-end report built in the playground (as its workbook document holds it), last calculated in January: the
 * period in B1, a dataset spilled over B2:C3, its row count, a query never run (#N/A), a table bound to a dataset.
 */
function playgroundReport(): WorkbookDocument {
  const settings = Object.fromEntries(
    Object.entries(bindingSettings([PAIRS_BINDING])).map(([name, json]) => [name, JSON.parse(json) as unknown]),
  );
  return {
    version: 1,
    sheets: [
      {
        name: "Report",
        values: [
          [0, 0, "Period"],
          [0, 1, 46053],
          [1, 1, "token_pair"],
          [1, 2, "chain"],
          [2, 1, "OLD/PAIR"],
          [2, 2, "ethereum"],
          [5, 1, 2],
          [7, 1, { error: "#N/A" }],
        ],
        formulas: [
          [0, 1, "=EOMONTH(TODAY(),-1)"],
          [1, 1, DATASET],
          [5, 1, "=ROWS(B2#)"],
          [7, 1, QUERY],
        ],
        formats: [[0, 1, "yyyy-mm-dd"]],
      },
      {
        name: "Data",
        values: [
          [0, 0, "token_pair"],
          [0, 1, "chain"],
          [1, 0, "OLD/PAIR"],
          [1, 1, "base"],
        ],
        formulas: [],
        formats: [],
      },
    ],
    tables: [
      { name: "Pairs", sheet: "Data", row: 0, column: 0, rowCount: 2, columnCount: 2, style: "TableStyleMedium2" },
    ],
    activeSheet: "Report",
    settings,
    spills: [{ sheet: "Report", row: 1, column: 1, rowCount: 2, columnCount: 2 }],
  };
}

/** Built in the playground, downloaded as .xlsx, refreshed by `npm run refresh`, opened in the playground again. */
describe("a playground report refreshed without Excel", () => {
  let service: TestService;
  let env: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  async function get(path: string): Promise<Record<string, unknown>> {
    const res = await fetch(service.url + path, { headers: { "X-Service-Api-Key": service.apiKey } });
    return (await res.json()) as Record<string, unknown>;
  }

  test("opens with the new values, spills, table and remembered run", async () => {
    const dir = await mkdtemp(join(tmpdir(), "playground-xlsx-"));
    const file = join(dir, "Book1.xlsx");
    const out = join(dir, "refreshed.xlsx");
    await writeFile(file, xlsxBytesOf(playgroundReport()));

    const run = await refresh([file, "--out", out, "--rerun", "stale", "--json"], env, { now: () => NOW });
    expect(run.err).not.toMatch(/refused/i);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as { runs: { executionId: string }[] };

    const doc = readOpenedFile(new Uint8Array(await readFile(out)), "refreshed.xlsx");
    const sheet = (name: string) => doc.sheets.find((s) => s.name === name)!;
    const valueAt = (name: string, row: number, column: number) =>
      sheet(name).values.find(([r, c]) => r === row && c === column)?.[2];
    const block = (name: string, row: number, column: number, rows: number, columns: number) =>
      Array.from({ length: rows }, (_, i) =>
        Array.from({ length: columns }, (_, j) => valueAt(name, row + i, column + j) ?? null),
      );

    const pairs = (await get("/v1/dex/pairs/ethereum?columns=token_pair%2Cchain&limit=3")).result as {
      rows: { token_pair: string; chain: string }[];
    };
    expect(valueAt("Report", 0, 1)).toBe(LAST_MONTH_END);
    expect(block("Report", 1, 1, 4, 2)).toEqual([
      ["token_pair", "chain"],
      ...pairs.rows.map((r) => [r.token_pair, r.chain]),
    ]);
    expect(valueAt("Report", 5, 1)).toBe(4);
    const executionId = report.runs[0]!.executionId;
    const result = (await get(`/v1/execution/${executionId}/results`)).result as {
      metadata: { column_names: string[] };
      rows: Record<string, unknown>[];
    };
    const columns = result.metadata.column_names;
    expect(block("Report", 7, 1, 4, columns.length)).toEqual([
      columns,
      ...result.rows.map((r) => columns.map((c) => r[c])),
    ]);

    // Formulas typed as in the playground, spills for its opening calculation to lay out again.
    expect(sheet("Report").formulas.sort()).toEqual(
      [
        [0, 1, "=EOMONTH(TODAY(),-1)"],
        [1, 1, DATASET],
        [5, 1, "=ROWS(B2#)"],
        [7, 1, QUERY],
      ].sort(),
    );
    expect(doc.spills).toEqual([
      { sheet: "Report", row: 1, column: 1, rowCount: 4, columnCount: 2 },
      { sheet: "Report", row: 7, column: 1, rowCount: 4, columnCount: columns.length },
    ]);
    expect(sheet("Report").formats).toEqual([[0, 1, "yyyy-mm-dd"]]);
    expect(doc.tables).toEqual([
      { name: "Pairs", sheet: "Data", row: 0, column: 0, rowCount: 3, columnCount: 2, style: "TableStyleMedium2" },
    ]);
    // The run is remembered, so the add-in in the playground shows it without executing again.
    expect(doc.settings[`service.queryRun.${RUN_KEY}`]).toMatchObject({ executionId });
    expect(doc.settings["service.tableBinding.pairs"]).toMatchObject({ address: "Data!A1:B3" });
  });
});

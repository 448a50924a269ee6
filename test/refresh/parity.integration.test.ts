import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FetchLike } from "../../src/client";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { ADDIN_MANIFEST_ID } from "../../src/document-settings";
import { PARAMETER_SHAPES } from "../../src/refresh/cell-work";
import { ManualClock } from "../support/manual-clock";
import { startTestService, waitFinished, type TestService } from "../support/service";
import { executesSent, generatedMetadata, matrixOf, TestDocument, workbench } from "../functions/support/harness";
import { row } from "../xlsx/support/build-workbook";
import { bytesOf, NOW, serviceFormula, reportSpec, text, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { settingsOf, valuesAt } from "./support/workbook-diff";
import { cellAddress, parseAddress } from "../../src/sheet";

/** The add-in's requests and cell values, and the command's, for the same formulas: they must be the same. */
describe("parity with the add-in's functions", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let executionId: string;
  const env = () => ({ SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url });

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, clock: new ManualClock(NOW) }),
      generatedMetadata(),
    ]);
    const res = await fetch(`${service.url}/v1/query/1002/execute`, {
      method: "POST",
      headers: { "X-Service-Api-Key": service.apiKey },
    });
    executionId = ((await res.json()) as { execution_id: string }).execution_id;
    await waitFinished(service.url, service.apiKey, executionId);
  }, 120_000);
  afterAll(async () => service.close());

  test("the parameters' shapes are the ones functions.json declares", () => {
    for (const fn of metadata.functions) {
      const shapes = PARAMETER_SHAPES[fn.id as keyof typeof PARAMETER_SHAPES];
      expect(fn.parameters.map((p) => p.dimensionality ?? "scalar")).toEqual(shapes.shapes);
      expect(fn.parameters.some((p) => p.repeating)).toBe(shapes.repeating);
    }
    expect(metadata.functions.map((f) => f.id).sort()).toEqual(Object.keys(PARAMETER_SHAPES).sort());
  });

  test("the add-in's id is the manifest's", () => {
    const manifest = readFileSync(join(__dirname, "../../manifest.xml"), "utf8");
    expect(manifest).toContain(`<Id>${ADDIN_MANIFEST_ID}</Id>`);
  });

  // Each formula as the file stores it, and the same cell's arguments as Excel passes them to the function.
  const inputs =
    row(1, text("A1", "Ethereum") + '<c r="B1"><v>3</v></c>') +
    row(2, text("A2", "limit") + '<c r="B2"><v>2</v></c>') +
    row(3, text("A3", "columns") + text("B3", "token_pair"));
  const cases: [string, (exec: string) => string, (exec: string) => unknown[]][] = [
    [
      "DATASET with literal options (its name stored in another case)",
      () => '_xldudf_Service_Dataset("dex","ethereum","limit=2","columns=token_pair,chain")',
      () => ["DATASET", "dex", "ethereum", "limit=2", "columns=token_pair,chain"],
    ],
    [
      "DATASET with a cell and an option table",
      () => '_xldudf_SERVICE_DATASET("DEX",In!A1,In!A2:B3)',
      () => [
        "DATASET",
        "DEX",
        "Ethereum",
        [
          ["limit", 2],
          ["columns", "token_pair"],
        ],
      ],
    ],
    [
      "DATASET with named path options and a computed one",
      () => '_xldudf_SERVICE_DATASET("marketshare","chain=solana","market=nft","limit="&In!B1)',
      () => ["DATASET", "marketshare", "chain=solana", "market=nft", "limit=3"],
    ],
    [
      "RESULTS of a query's latest result, without headers",
      () => '_xldudf_SERVICE_RESULTS(1002,"limit=3","columns=trade_id,project","headers=false")',
      () => ["RESULTS", 1002, "limit=3", "columns=trade_id,project", "headers=false"],
    ],
    [
      "RESULTS of an execution with Excel dates",
      (exec) => `_xldudf_SERVICE_RESULTS("${exec}","limit=2","columns=trade_id,block_time","timestamps=excel")`,
      (exec) => ["RESULTS", exec, "limit=2", "columns=trade_id,block_time", "timestamps=excel"],
    ],
  ];

  test.each(cases)("%s: the same requests and the same cell values", async (_name, stored, excel) => {
    const file = await writeBook({
      sheets: [
        { name: "Sheet1", rows: row(1, serviceFormula("A1", stored(executionId), "#N/A", "e")) },
        { name: "In", rows: inputs },
      ],
      dynamicArrays: true,
    });
    const commandFetch = recordingFetch();
    const run = await refresh([file, "--json"], env(), { now: () => NOW, fetch: commandFetch });
    expect(run.code).toBe(0);
    const range = JSON.parse(run.out).cells[0].rangeAfter as string;
    const block = parseAddress(range);
    const refs = Array.from({ length: block.rowCount }, (_, r) =>
      Array.from({ length: block.columnCount }, (_, c) => cellAddress(block.row + r, block.column + c)),
    );
    const written = valuesAt(await bytesOf(file), "Sheet1", refs);

    const addinRequests: string[] = [];
    const addinFetch: FetchLike = async (url, init) => {
      const u = new URL(url);
      addinRequests.push(`${init.method ?? "GET"} ${u.pathname}${u.search}`);
      return globalThis.fetch(url, init);
    };
    const bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey, fetch: addinFetch });
    try {
      const [id, ...args] = excel(executionId);
      const shown = matrixOf(await bench.cell(id as "DATASET", ...args).result());
      expect(commandFetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual(addinRequests);
      expect(written).toEqual(shown.map((line) => line.map((v) => (v === "" ? null : v))));
    } finally {
      bench.close();
    }
  });

  test("a refreshed workbook opened with the add-in shows the same SERVICE.QUERY result, with zero executes", async () => {
    const file = await writeBook(reportSpec());
    const run = await refresh([file, "--rerun", "stale", "--json"], env(), { now: () => NOW });
    expect(run.code).toBe(0);
    const bytes = await bytesOf(file);
    const document = new TestDocument();
    for (const [name, value] of settingsOf(bytes)) document.values.set(name, value);
    const bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      runtime: { runSettings: document.settings },
    });
    try {
      bench.clock.set(NOW);
      const shown = matrixOf(
        await bench.cellAt("Report!B8", "QUERY", 1001, "symbol", "WETH", "since", 46081, "days", 3).result(),
      );
      const refs = [8, 9, 10, 11].map((r) => ["B", "C", "D", "E"].map((c) => `${c}${r}`));
      expect(valuesAt(bytes, "Report", refs)).toEqual(shown);
      expect(executesSent(bench)).toBe(0);
    } finally {
      bench.close();
    }
  });
});

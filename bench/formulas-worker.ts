/**
 * Child-process entry for section 2: `formulas-worker.ts <url> <apiKey> <refreshes>`.
 * The real SERVICE functions (src/functions) registered on the playground's CustomFunctions runtime, as the
 * build's associate calls would, with a session whose fetch is counted. 100 cells get the same
 * `=SERVICE.DATASET("dex","ethereum")` (the DEX pairs of ethereum in the demo data: 5,000 rows x 12); then Refresh All, `refreshes` times.
 * Prints one JSON line.
 */
import type { FetchLike } from "../src/client";
import { FunctionsRuntime, cacheStats, refreshFunctionCells, setFunctionsRuntime } from "../src/functions";
import { serviceDataset, serviceResults, serviceStatus } from "../src/functions/functions";
import {
  CustomFunctionsError,
  FakeCustomFunctionsRuntime,
  installCustomFunctions,
} from "../src/playground/custom-functions";
import { Session, memorySettingsStore, type KeyStore } from "../src/session";

export const CELLS = 100;
export const FORMULA = '=SERVICE.DATASET("dex","ethereum")';
const DATASET = "dex";
/** The repeating argument as Excel passes it: one 1x1 matrix per extra argument. */
const DATASET_ARGS = [[["ethereum"]]];
const DATASET_PATH = "/v1/dex/pairs/ethereum";

export interface FormulaRound {
  requests: number;
  ms: number;
  cellsWithValue: number;
}

export interface FormulasWorkerResult {
  first: FormulaRound;
  refreshes: FormulaRound[];
  rowsPerCell: number;
  cacheStats: Record<string, number>;
}

function memoryKeyStore(key: string): KeyStore {
  let value: string | undefined = key;
  return {
    get: async () => value,
    set: async (k) => {
      value = k;
    },
    clear: async () => {
      value = undefined;
    },
  };
}

async function main(): Promise<void> {
  const [url, apiKey, refreshesText] = process.argv.slice(2) as [string, string, string];
  const refreshes = Number(refreshesText ?? 3);
  let requests = 0;
  const fetch: FetchLike = (input, init) => {
    requests++;
    return globalThis.fetch(input, init);
  };
  // The dataset's snapshot is made on its first request: make it now so the cells measure serving, not generating.
  const warm = await globalThis.fetch(`${url}${DATASET_PATH}?limit=1`, { headers: { "X-Service-Api-Key": apiKey } });
  if (!warm.ok) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);

  const cf = new FakeCustomFunctionsRuntime();
  installCustomFunctions(cf);
  cf.associate("DATASET", serviceDataset);
  cf.associate("RESULTS", serviceResults);
  cf.associate("STATUS", serviceStatus);
  const session = new Session({
    keyStore: memoryKeyStore(apiKey),
    settingsStore: memorySettingsStore(),
    defaultBaseUrl: url,
    fetch,
  });
  const runtime = new FunctionsRuntime({ session, ready: session.load() });
  setFunctionsRuntime(runtime);

  // 100 cells entered at once, as Excel calculates them, arguments shaped as Excel passes them.
  const t0 = performance.now();
  const cells = Array.from({ length: CELLS }, (_, i) =>
    cf.stream<unknown[][]>("DATASET", [DATASET, DATASET_ARGS], `Sheet1!A${1 + i * 100}`),
  );
  const firstValues = await Promise.all(cells.map((c) => c.result(1)));
  const first: FormulaRound = {
    requests,
    ms: performance.now() - t0,
    cellsWithValue: firstValues.filter(isMatrix).length,
  };
  const bad = firstValues.find((v) => !isMatrix(v));
  if (bad)
    throw new Error(
      `a cell shows ${bad instanceof CustomFunctionsError ? `${bad.code} ${bad.message ?? ""}` : String(bad)}`,
    );

  const rounds: FormulaRound[] = [];
  for (let i = 0; i < refreshes; i++) {
    requests = 0;
    const t1 = performance.now();
    const next = cells.map((c) => c.next());
    await refreshFunctionCells();
    const values = await Promise.all(next);
    rounds.push({ requests, ms: performance.now() - t1, cellsWithValue: values.filter(isMatrix).length });
  }
  const result: FormulasWorkerResult = {
    first,
    refreshes: rounds,
    rowsPerCell: (firstValues[0] as unknown[][]).length,
    cacheStats: cacheStats() as unknown as Record<string, number>,
  };
  cf.cancelAll();
  setFunctionsRuntime(undefined);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0); // auto-refresh timers of the live cells would keep the process up
}

function isMatrix(value: unknown): value is unknown[][] {
  return Array.isArray(value) && value.every(Array.isArray);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

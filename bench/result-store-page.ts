/**
 * Runs in Chromium (bundled by bench/result-store.ts): the persistent result store on the browser's own IndexedDB,
 * with a 25,000-row result, against the same rows written as one array per row. Exposes `window.measureStore`.
 */
import { openResultStore, type StoredResult } from "../src/functions/result-store";

const ROWS = 25_000;

/** Rows shaped like a DEX pairs page: addresses, names, numbers, a boolean, a null, an array, a timestamp. */
function rows(): unknown[][] {
  return Array.from({ length: ROWS }, (_, i) => [
    `0x${((i * 2654435761) >>> 0).toString(16).padStart(40, "a")}`,
    "ethereum",
    `TOKEN${i % 300}-WETH`,
    i * 1.5,
    i,
    123456.789 + i,
    i % 2 === 0,
    null,
    ["uniswap", "v3"],
    "2024-06-01 10:00:00.000",
  ]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

function rawPut(db: IDBDatabase, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction("s", "readwrite");
    tx.objectStore("s").put(value, "k");
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function rawGet(db: IDBDatabase): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = db.transaction("s", "readonly").objectStore("s").get("k");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function measureStore(runs: number) {
  const store = await openResultStore({ now: () => Date.now(), timers: globalThis });
  const result: StoredResult = {
    kind: "dataset",
    fetchedAt: Date.now(),
    freshUntil: Date.now() + 60_000,
    columns: ["pool", "chain", "token_pair", "usd_liquidity", "trades", "volume", "active", "note", "projects", "at"],
    types: [
      "varchar",
      "varchar",
      "varchar",
      "double",
      "bigint",
      "double",
      "boolean",
      "varchar",
      "array(varchar)",
      "timestamp",
    ],
    rows: rows(),
  };
  const puts: number[] = [];
  const gets: number[] = [];
  for (let i = 0; i < runs; i++) {
    puts.push((await timed(() => store.put("p", `k${i}`, result)))[0]);
    const [took, back] = await timed(() => store.get("p", `k${i}`));
    if (back?.rows.length !== ROWS) throw new Error("the store gave back other rows");
    gets.push(took);
  }
  const bytes = (await store.list())[0]!.bytes;
  const json = JSON.stringify(result.rows).length;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open("bench-rows", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("s");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const rowPuts: number[] = [];
  const rowGets: number[] = [];
  const colPuts: number[] = [];
  const colGets: number[] = [];
  // The other layout measured: one array per column, rows rebuilt on reading.
  const columns = () => result.columns.map((_, c) => result.rows.map((row) => row[c]));
  const rebuild = (data: unknown[][]) => Array.from({ length: ROWS }, (_, r) => data.map((column) => column[r]));
  for (let i = 0; i < runs; i++) {
    rowPuts.push((await timed(() => rawPut(db, result.rows)))[0]);
    rowGets.push((await timed(() => rawGet(db)))[0]);
    colPuts.push((await timed(() => rawPut(db, columns())))[0]);
    colGets.push((await timed(async () => rebuild((await rawGet(db)) as unknown[][])))[0]);
  }
  return {
    backend: store.backend.kind,
    rows: ROWS,
    bytes,
    json,
    put: median(puts),
    get: median(gets),
    rowArraysPut: median(rowPuts),
    rowArraysGet: median(rowGets),
    columnsPut: median(colPuts),
    columnsGet: median(colGets),
  };
}

(globalThis as { measureStore?: typeof measureStore }).measureStore = measureStore;

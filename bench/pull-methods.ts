import Papa from "papaparse";
import { ServiceClient, type FetchLike } from "../src/client";

/**
 * The three ways to pull a whole result (section 1), for the JSON path (E2, by execution id) and the CSV path
 * (E5, latest result of the query).
 *
 * - ours:  `client.table(source)`: 25,000-row pages (the 250,000-datapoint cap over 10 columns), the first page
 *          alone, then 4 in flight, rows turned into a matrix, CSV typed column by column.
 * - naive: what existing clients do: one request at a time, 32,000 rows each, following `next_offset`, rows made
 *          into a matrix the simple way (`columns.map(c => row[c])`; CSV via papaparse with header + dynamicTyping).
 *          The datapoint cap would cut 32,000-row pages to 25,000, so the baseline lifts it
 *          (`ignore_max_datapoints_per_request`) to page exactly as described; fewer, larger requests favour it.
 * - floor: no client logic at all: the very requests `ours` makes, issued the same way (first page, then 4 in
 *          flight while the total is known; CSV pages carry none, so one at a time, as the client must read them
 *          under the real service's rate limits), each answered with bare `fetch` + `JSON.parse` (CSV: papaparse with no options, i.e. string
 *          fields, the CSV counterpart of JSON.parse), the parsed pages kept, nothing converted or typed.
 *
 * All three use the same global fetch (which, like a browser, asks for gzip) wrapped in the same request counter.
 */

export type Method = "ours" | "naive" | "floor";
export type Format = "json" | "csv";
export const METHODS: readonly Method[] = ["ours", "naive", "floor"];
export const DEMO_QUERY_ID = 1003;
/** Rows in query 1003's result (ids 0 … 999,999). */
export const DEMO_RESULT_ROWS = 1_000_000;
const NAIVE_PAGE_ROWS = 32_000;
/** What `ours` asks for: floor(250,000 / 10 columns). */
export const OUR_PAGE_ROWS = 25_000;
const OUR_CONCURRENCY = 4;

export interface PullTarget {
  url: string;
  apiKey: string;
  executionId: string;
}

export interface PullOutcome {
  rows: number;
  columns: number;
  requests: number;
  /** Sum of the id column over all rows: every method must see every row once. Called after the clock stops. */
  idSum: () => number;
}

interface Counter {
  fetch: FetchLike;
  requests: number;
}

function counter(): Counter {
  const state: Counter = {
    requests: 0,
    fetch: (input, init) => {
      state.requests++;
      return globalThis.fetch(input, init);
    },
  };
  return state;
}

function sourcePath(format: Format, t: PullTarget): string {
  return format === "json" ? `/v1/execution/${t.executionId}/results` : `/v1/query/${DEMO_QUERY_ID}/results/csv`;
}

async function get(c: Counter, t: PullTarget, path: string, query: string): Promise<Response> {
  const res = await c.fetch(`${t.url}${path}?${query}`, { headers: { "X-Service-Api-Key": t.apiKey } });
  if (!res.ok) throw new Error(`GET ${path}?${query}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

function idSumOf(rows: readonly (readonly unknown[])[], idColumn = 0): number {
  let sum = 0;
  for (const row of rows) sum += Number(row[idColumn]);
  return sum;
}

async function ours(format: Format, t: PullTarget): Promise<PullOutcome> {
  const c = counter();
  const client = new ServiceClient({ apiKey: t.apiKey, baseUrl: t.url, fetch: c.fetch });
  const source = format === "json" ? { executionId: t.executionId } : { queryId: DEMO_QUERY_ID };
  const table = await client.table(source);
  return {
    rows: table.rows.length,
    columns: table.columns.length,
    requests: c.requests,
    idSum: () => idSumOf(table.rows),
  };
}

async function naive(format: Format, t: PullTarget): Promise<PullOutcome> {
  const c = counter();
  const path = sourcePath(format, t);
  const matrix: unknown[][] = [];
  let columns: string[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const res = await get(
      c,
      t,
      path,
      `limit=${NAIVE_PAGE_ROWS}&offset=${offset}&ignore_max_datapoints_per_request=true`,
    );
    if (format === "json") {
      const body = (await res.json()) as {
        next_offset?: number;
        result: { metadata: { column_names: string[] }; rows: Record<string, unknown>[] };
      };
      columns = body.result.metadata.column_names;
      for (const row of body.result.rows) matrix.push(columns.map((name) => row[name]));
      offset = body.next_offset ?? undefined;
    } else {
      const parsed = Papa.parse<Record<string, unknown>>(await res.text(), {
        header: true,
        dynamicTyping: true,
        skipEmptyLines: true,
      });
      columns = parsed.meta.fields ?? [];
      for (const row of parsed.data) matrix.push(columns.map((name) => row[name]));
      const next = res.headers.get("X-Service-Next-Offset");
      offset = next === null ? undefined : Number(next);
    }
  }
  return { rows: matrix.length, columns: columns.length, requests: c.requests, idSum: () => idSumOf(matrix) };
}

/** One page for the floor: parsed, kept as parsed. */
interface FloorPage {
  rows: unknown[];
  nextOffset?: number;
  total?: number;
}

async function floorPage(c: Counter, t: PullTarget, format: Format, query: string): Promise<FloorPage> {
  const res = await get(c, t, sourcePath(format, t), query);
  const text = await res.text();
  if (format === "json") {
    const body = JSON.parse(text) as {
      next_offset?: number;
      result: { metadata: { total_row_count?: number }; rows: unknown[] };
    };
    return { rows: body.result.rows, nextOffset: body.next_offset, total: body.result.metadata.total_row_count };
  }
  const next = res.headers.get("X-Service-Next-Offset");
  const records = Papa.parse<string[]>(text).data;
  // The header row goes, and the empty record the final line break leaves: the CSV counterpart of `result.rows`.
  const last = records[records.length - 1];
  if (last && last.length === 1 && last[0] === "") records.pop();
  return { rows: records.slice(1), nextOffset: next === null ? undefined : Number(next) };
}

async function floor(format: Format, t: PullTarget): Promise<PullOutcome> {
  const c = counter();
  // The same requests the client makes: `?offset=0` alone, then `offset=…&limit=25000` windows, 4 in flight when
  // the total is known (JSON), one at a time when it is not (CSV: no request is spent past an unknown end).
  const first = await floorPage(c, t, format, "offset=0");
  const pages: FloorPage[] = [first];
  if (first.nextOffset !== undefined) {
    const stop = first.total ?? Infinity; // CSV pages carry no total: go until a page says it is the last
    let next = first.nextOffset;
    let ended = false;
    const worker = async (): Promise<void> => {
      while (!ended && next < stop) {
        const offset = next;
        next += OUR_PAGE_ROWS;
        const limit = Math.min(OUR_PAGE_ROWS, stop - offset);
        const page = await floorPage(c, t, format, `offset=${offset}&limit=${limit}`);
        pages[1 + (offset - first.nextOffset!) / OUR_PAGE_ROWS] = page;
        if (page.nextOffset === undefined) ended = true;
      }
    };
    await Promise.all(Array.from({ length: first.total === undefined ? 1 : OUR_CONCURRENCY }, worker));
  }
  const rows = pages.reduce((n, page) => n + (page ? page.rows.length : 0), 0);
  const idSum = (): number => {
    let sum = 0;
    for (const page of pages) {
      for (const row of page?.rows ?? [])
        sum += Number(format === "json" ? (row as { id: unknown }).id : (row as string[])[0]);
    }
    return sum;
  };
  return { rows, columns: 10, requests: c.requests, idSum };
}

export function pull(method: Method, format: Format, target: PullTarget): Promise<PullOutcome> {
  switch (method) {
    case "ours":
      return ours(format, target);
    case "naive":
      return naive(format, target);
    case "floor":
      return floor(format, target);
  }
}

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServiceClient } from "../src/client";
import type { BenchOptions } from "./args";
import { TRANSFERS_100K_ID } from "./bench-queries";
import { runChild } from "./child";
import { prepareDemoResult } from "./full-pull";
import { caseWorkbook, TRANSFER_COLUMNS } from "./refresh-book";
import { QUERY_ID, type RefreshWorkerResult } from "./refresh-types";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, startServiceProcess } from "./service-process";
import { mb, median, ms, num, ratio } from "./stats";

/**
 * One workbook of the section: SERVICE.QUERY(1003) cells, each asking `limit` rows, with or without a dependent; or
 * one table bound to a query (its whole latest result), since a single cell of 100,000 rows is refused as too large to
 * spill.
 */
export interface RefreshCase {
  name: string;
  limits: number[];
  /** A bound table instead of SERVICE cells: the query it is bound to, its rows and its columns' names. */
  table?: { queryId: number; rows: number; columns: readonly string[] };
  /** Next to each SERVICE cell, `=ROWS(A1#)` over its spill: the engine recalculates it after the refresh. */
  dependents: boolean;
  /** The targets: at most this ratio to the client's fetch, this many seconds, this much peak memory. */
  maxRatio: number;
  maxSeconds?: number;
  maxRssBytes?: number;
}

const GB = 1024 ** 3;

export function refreshCases(quick: boolean): RefreshCase[] {
  const small: RefreshCase = {
    name: "50 small cells (10 to 59 rows) and their dependents",
    limits: Array.from({ length: 50 }, (_, i) => 10 + i),
    dependents: true,
    maxRatio: 2,
  };
  const one = (rows: number, target: Partial<RefreshCase>): RefreshCase => ({
    name: `1 SERVICE cell, ${num(rows)} rows x 10`,
    limits: [rows],
    dependents: false,
    maxRatio: 3,
    ...target,
  });
  const table = (queryId: number, rows: number, target: Partial<RefreshCase>): RefreshCase => ({
    name: `a bound table, ${num(rows)} rows x 10`,
    limits: [],
    table: { queryId, rows, columns: TRANSFER_COLUMNS },
    dependents: false,
    maxRatio: 3,
    ...target,
  });
  if (quick) return [one(10_000, {}), table(TRANSFERS_100K_ID, 100_000, { maxSeconds: 10 }), small];
  return [
    one(10_000, {}),
    table(TRANSFERS_100K_ID, 100_000, { maxSeconds: 10 }),
    table(QUERY_ID, 1_000_000, { maxRatio: 4, maxSeconds: 60, maxRssBytes: GB }),
    small,
  ];
}

/** What the fetching worker reads for a case: `queryId:limit` per table, `all` for a whole result. */
function fetchList(c: RefreshCase): string {
  if (c.table) return `${c.table.queryId}:all`;
  return c.limits.map((limit) => `${QUERY_ID}:${limit}`).join(",");
}

/**
 * One refresh in its own process. A process that dies (out of memory: V8 aborts) is that case's result, said so,
 * and the section goes on with the next case.
 */
async function refreshIn(url: string, file: string): Promise<RefreshWorkerResult> {
  try {
    return await runChild<RefreshWorkerResult>("refresh-worker.ts", ["refresh", url, API_KEY, file], 900_000);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const said = /heap out of memory|SIGABRT|Allocation failed/.test(text)
      ? "the refresh ran out of memory (V8 aborted the process)"
      : `the refresh failed: ${text.slice(0, 300)}`;
    return { ms: NaN, rows: 0, exitCode: 1, said, maxRssBytes: NaN };
  }
}

interface CaseRuns {
  c: RefreshCase;
  /** Why the refresh did not refresh every SERVICE cell, when it did not. */
  refused?: string;
  refresh: RefreshWorkerResult[];
  fetch: RefreshWorkerResult[];
}

/**
 * Section 9: `npm run refresh` on workbooks of SERVICE cells, against the project's client fetching the same rows
 * in the same run (each in its own process, alternating, so both meet the same load): time, ratio and peak memory.
 */
export async function refreshSection(
  options: BenchOptions,
  log: (line: string) => void,
  cases: RefreshCase[] = refreshCases(options.quick),
): Promise<SectionResult> {
  const section = emptySection(
    "refresh",
    "9. Refresh: npm run refresh on SERVICE cells and bound tables against the client's fetch",
  );
  const rounds = options.quick ? 1 : options.reps;
  const dir = await mkdtemp(join(tmpdir(), "refresh-bench-"));
  const service = await startServiceProcess();
  const results: CaseRuns[] = [];
  try {
    // The workbooks remember this run of query 1003; the client fetches its rows by query id (the latest result).
    const { executionId } = await prepareDemoResult(service);
    // The bound tables read the latest result of their query: each must have run once.
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: service.url });
    const bound = new Set(cases.flatMap((c) => (c.table ? [c.table.queryId] : [])));
    for (const queryId of bound) if (queryId !== QUERY_ID) await client.run(queryId);
    for (const [i, c] of cases.entries()) {
      const runs: CaseRuns = { c, refresh: [], fetch: [] };
      for (let r = 0; r < rounds; r++) {
        // A fresh copy each round: a refreshed file would have nothing left to do.
        const file = join(dir, `case${i}-${r}.xlsx`);
        await writeFile(file, caseWorkbook(c, executionId));
        const refresh = () => refreshIn(service.url, file);
        const fetch = () =>
          runChild<RefreshWorkerResult>("refresh-worker.ts", ["fetch", service.url, API_KEY, fetchList(c)], 900_000);
        // The first round refreshes first: a workbook the refresh refuses needs no fetch to compare with. Later
        // rounds alternate which goes first, so neither always meets the service as the other left it.
        const fetchFirst = r % 2 === 1;
        const early = fetchFirst ? await fetch() : undefined;
        const refreshed = await refresh();
        if (refreshed.exitCode !== 0) {
          // A workbook the refresh refuses (a SERVICE cell over the spill limit) is reported, and the rest still run.
          runs.refused = refreshed.said;
          log(`  ${c.name}: not refreshed: ${refreshed.said}`);
          break;
        }
        const fetched = early ?? (await fetch());
        runs.fetch.push(fetched);
        runs.refresh.push(refreshed);
        log(`  ${c.name}: refresh ${ms(refreshed.ms)} (${mb(refreshed.maxRssBytes, 0)}), fetch ${ms(fetched.ms)}`);
      }
      results.push(runs);
    }
  } finally {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  }
  for (const { c, refused } of results.filter((r) => r.refused)) {
    section.targets.push({
      what: `Refresh: ${c.name}`,
      target: "refreshed",
      measured: "refused",
      verdict: "not run",
      why: refused,
    });
  }
  const measured = results.filter((r) => !r.refused);
  section.tables.push({
    head: ["workbook", "refresh (median)", "client's fetch (median)", "ratio", "rounds (refresh / fetch)", "peak RSS"],
    rows: measured.map(({ c, refresh, fetch }) => [
      c.name,
      ms(median(refresh.map((x) => x.ms))),
      ms(median(fetch.map((x) => x.ms))),
      ratio(median(refresh.map((x) => x.ms)) / median(fetch.map((x) => x.ms))),
      refresh.map((x, i) => `${ms(x.ms)} / ${ms(fetch[i]!.ms)}`).join(", "),
      mb(Math.max(...refresh.map((x) => x.maxRssBytes)), 0),
    ]),
  });
  for (const { c, refresh, fetch } of measured) {
    const t = median(refresh.map((x) => x.ms));
    const q = t / median(fetch.map((x) => x.ms));
    const rss = Math.max(...refresh.map((x) => x.maxRssBytes));
    const misses = [
      q > c.maxRatio ? `${ratio(q)} of the fetch` : "",
      c.maxSeconds !== undefined && t > c.maxSeconds * 1000 ? `${ms(t)}` : "",
      c.maxRssBytes !== undefined && rss > c.maxRssBytes ? `${mb(rss, 0)} at its peak` : "",
    ].filter(Boolean);
    const target = [
      `within ${c.maxRatio}x of the fetch`,
      c.maxSeconds !== undefined ? `under ${c.maxSeconds} s` : "",
      c.maxRssBytes !== undefined ? `under ${mb(c.maxRssBytes, 0)}` : "",
    ].filter(Boolean);
    section.targets.push({
      what: `Refresh: ${c.name}`,
      target: target.join(", "),
      measured: `${ms(t)}, ${ratio(q)}, ${mb(rss, 0)}`,
      verdict: misses.length ? "missed" : "met",
      why: misses.length ? misses.join("; ") : undefined,
    });
  }
  section.headline.push(
    `Refresh: ${measured.map(({ c, refresh, fetch }) => `${c.name} ${ratio(median(refresh.map((x) => x.ms)) / median(fetch.map((x) => x.ms)))} of the fetch`).join("; ")}`,
  );
  section.notes.push(
    "Each refresh and each fetch runs in a process of its own (peak RSS is that process's maxRSS); fetch and refresh alternate, round by round, on the same service, so both meet the same load on a shared machine.",
  );
  return section;
}

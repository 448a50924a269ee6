import autocannon from "autocannon";
import { API_KEY, type ServiceProcess } from "./service-process";
import { BROWSER_ACCEPT_ENCODING } from "./service-big-pages";
import type { SectionResult } from "./report";
import { num, ratio } from "./stats";

/** Rows of a small page, as a pane's preview or a cell's first screen asks. */
export const FRESH_PAGE_ROWS = 100;
/** A fresh small page's service CPU against a status request's, on the same service in the same run. */
export const FRESH_TO_STATUS_CPU_TARGET = 10;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Offsets of `pageRows`-row pages of a `totalRows`-row result, each page once before any repeats, consecutive ones
 * far apart (a stride near 0.618 of the result, coprime with the page count), so that neither the service's page
 * cache nor a row group decoded for the previous page can serve the next. `start` resumes the sequence, so a
 * warm-up and the measured run that follows it never ask the same page.
 */
export function freshOffsets(totalRows: number, pageRows: number, start = 0): () => number {
  const pages = Math.max(1, Math.floor(totalRows / pageRows));
  let stride = Math.max(1, Math.round(pages * 0.618));
  while (gcd(stride, pages) !== 1) stride++;
  let i = start;
  return () => ((i++ * stride) % pages) * pageRows;
}

export interface FreshPageFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Service CPU (all its threads) over the run, per request. */
  cpuMsPerRequest: number;
  /** Requests that asked for a page asked before in the run (0 while the result has more pages than it asks). */
  repeated: number;
}

/**
 * `connections` clients asking for 100-row JSON pages of one result for `seconds` (or `amount` requests), every
 * request a page not asked before: what a client reading a result nobody has read yet pays, where the small-page
 * rows of the load test (the same page over and over) measure the page cache.
 */
export async function freshPageLoad(
  service: ServiceProcess,
  executionId: string,
  totalRows: number,
  options: { connections: number; start: number } & ({ seconds: number } | { amount: number }),
): Promise<FreshPageFigures> {
  const next = freshOffsets(totalRows, FRESH_PAGE_ROWS, options.start);
  const asked = new Set<number>();
  let calls = 0;
  const path = (): string => {
    const offset = next();
    calls++;
    asked.add(offset);
    return `/v1/execution/${executionId}/results?limit=${FRESH_PAGE_ROWS}&offset=${offset}`;
  };
  const s0 = service.cpuSeconds();
  const result = await autocannon({
    url: service.url,
    connections: options.connections,
    ...("amount" in options ? { amount: options.amount } : { duration: options.seconds }),
    headers: { "X-Service-Api-Key": API_KEY, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
    timeout: 30,
  });
  const cpu = service.cpuSeconds() - s0;
  const requests = result.requests.total;
  return {
    requests,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: (cpu * 1000) / Math.max(requests, 1),
    repeated: calls - asked.size,
  };
}

/** A status request's figures from the same run, for the comparison. */
export interface StatusFigures {
  rps: number;
  cpuMsPerRequest: number;
}

/** The fresh pages' table, their target against status, and why they cost what they cost. */
export function reportFreshPages(section: SectionResult, fresh: FreshPageFigures, status: StatusFigures): void {
  const cpuRatio = fresh.cpuMsPerRequest / status.cpuMsPerRequest;
  section.tables.push({
    caption:
      `${FRESH_PAGE_ROWS}-row JSON pages none of which was asked before (offsets spread over the result, ` +
      "so neither the page cache nor the previous page's row group serves one), against status in the same run",
    head: ["request", "req/s", "service CPU per request", "÷ status (CPU)", "p50", "p99", "errors + non-2xx"],
    rows: [
      ["status", num(status.rps), `${num(status.cpuMsPerRequest, 2)} ms`, ratio(1), "", "", ""],
      [
        `fresh ${FRESH_PAGE_ROWS}-row page (${num(fresh.requests)} pages, ${num(fresh.repeated)} repeated)`,
        num(fresh.rps),
        `${num(fresh.cpuMsPerRequest, 2)} ms`,
        ratio(cpuRatio),
        `${num(fresh.p50)} ms`,
        `${num(fresh.p99)} ms`,
        num(fresh.errors),
      ],
    ],
  });
  const met = cpuRatio <= FRESH_TO_STATUS_CPU_TARGET && fresh.errors === 0 && fresh.repeated === 0;
  section.targets.push({
    what: `Service: a fresh ${FRESH_PAGE_ROWS}-row page (not cached) against status`,
    target: `<= ${FRESH_TO_STATUS_CPU_TARGET}x a status's service CPU`,
    measured: `${ratio(cpuRatio)} (${num(fresh.cpuMsPerRequest, 2)} vs ${num(status.cpuMsPerRequest, 2)} ms)`,
    verdict: met ? "met" : "missed",
    why: met
      ? undefined
      : fresh.errors + fresh.repeated > 0
        ? `${num(fresh.errors)} failed, ${num(fresh.repeated)} repeated pages`
        : "DuckDB's Parquet scan visits every row group of the file (about 30 µs each over 10 columns) and decodes " +
          "the whole row group holding the page; see the service docs",
  });
}

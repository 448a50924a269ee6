import autocannon from "autocannon";
import { processRssBytes } from "./machine";
import { DEMO_RESULT_ROWS, OUR_PAGE_ROWS } from "./pull-methods";
import { API_KEY, type ServiceProcess } from "./service-process";
import { mb, num } from "./stats";

/** What browsers send over HTTPS (every Office add-in is served over HTTPS): the service answers brotli. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";
export const BIG_PAGE_CPU_TARGET_MS = 80;
export const STREAM_RSS_TARGET_BYTES = 300e6;
const BIG_PAGE_ROWS = OUR_PAGE_ROWS;
const RESULT_ROWS = DEMO_RESULT_ROWS;

export interface BigPageFigures {
  requests: number;
  cpuMsPerPage: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * 25,000-row pages (the datapoint cap over 10 columns), each at a different offset, so none is served from the page
 * cache: the cost of rendering a page, as a client paging through a result it has not read before pays it.
 */
export async function bigPageCost(
  service: ServiceProcess,
  executionId: string,
  quick: boolean,
): Promise<BigPageFigures> {
  const offsets = Array.from({ length: RESULT_ROWS / BIG_PAGE_ROWS }, (_, i) => i * BIG_PAGE_ROWS);
  const amount = quick ? 12 : offsets.length;
  let next = 0;
  const path = () => `/v1/execution/${executionId}/results?offset=${offsets[next++ % offsets.length]}`;
  const s0 = service.cpuSeconds();
  const result = await autocannon({
    url: service.url,
    connections: 4,
    amount,
    headers: { "X-Service-Api-Key": API_KEY, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
    timeout: 30,
  });
  const cpu = service.cpuSeconds() - s0;
  return {
    requests: result.requests.total,
    cpuMsPerPage: (cpu * 1000) / Math.max(result.requests.total, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export interface StreamFigures {
  ms: number;
  bodyBytes: number;
  rssBefore: number;
  rssPeak: number;
  rowCount: number | undefined;
}

/** The whole 1,000,000-row result in one page (the datapoint cap lifted), while the service's RSS is watched. */
export async function wholeResultPage(service: ServiceProcess, executionId: string): Promise<StreamFigures> {
  const rss = () => processRssBytes(service.pid) ?? NaN;
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const poll = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20);
  const t0 = performance.now();
  let bodyBytes = 0;
  let tail = "";
  try {
    const res = await fetch(
      `${service.url}/v1/execution/${executionId}/results?ignore_max_datapoints_per_request=true`,
      { headers: { "X-Service-Api-Key": API_KEY, "Accept-Encoding": BROWSER_ACCEPT_ENCODING } },
    );
    if (!res.ok || !res.body) throw new Error(`the whole-result page answered ${res.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bodyBytes += chunk.byteLength;
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-400);
    }
  } finally {
    clearInterval(poll);
  }
  rssPeak = Math.max(rssPeak, rss());
  // The metadata closes the streamed body: its row count says every row arrived.
  const counted = /"row_count":(\d+)/.exec(tail);
  return {
    ms: performance.now() - t0,
    bodyBytes,
    rssBefore,
    rssPeak,
    rowCount: counted ? Number(counted[1]) : undefined,
  };
}

export function describeStream(f: StreamFigures): string {
  return (
    `${num(f.rowCount ?? 0)} rows (${mb(f.bodyBytes)} of JSON) in ${num(f.ms)} ms; service RSS ` +
    `${mb(f.rssBefore)} → peak ${mb(f.rssPeak)} (+${mb(f.rssPeak - f.rssBefore)})`
  );
}

export { RESULT_ROWS };

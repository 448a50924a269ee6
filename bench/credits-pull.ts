/**
 * Section 8 (credits), part two: the 1,000,000 × 10 result pulled whole under the Free plan's read limit (the local
 * service's `--rate-limit-read`, 40 reads a minute per key by default here), on the Free plan's price. For each way:
 * the requests sent, the 429s answered, the wall time (429 waits included: the service's window is a fixed minute)
 * and the credits the service charged (its own `POST /v1/usage`, before and after).
 *
 * - official: what the official clients do: one request at a time, 32,000 rows each, following `next_offset`, the
 *   datapoint guard lifted (32,000 × 10 is over its 250,000), a 429 waited out as its Retry-After says.
 * - ours, service pages: `client.table` as it pages by default: floor(250,000 / 10) = 25,000-row pages, 4 in flight.
 * - ours, as large as the cap allows: `client.table` with the paging parameters the add-in's read meter gives a read
 *   whose cap per request allows the whole (a small first page to weigh a row, then pages of up to
 *   LARGE_PAGE_BYTES, the guard lifted): fewer, larger pages.
 *
 * The service runs in this process (its clock is moved a minute on between ways, so each starts with a fresh rate
 * window, as after a pause): client and service share one event loop, so the seconds are slower than section 1's.
 */
import { type Plan, PROBE_ROWS, billingPlan, bytesWithin, subtractCredits } from "../src/billing";
import { type FetchLike, LARGE_PAGE_BYTES, ServiceClient } from "../src/client";
import type { Clock } from "../src/clock";
import { DEMO_QUERY_ID, DEMO_RESULT_ROWS } from "./pull-methods";
import { TEST_KEYS, startTestService } from "../test/support/service";

export type PullWay = "official" | "ours, service pages" | "ours, as large as the cap allows";
export const PULL_WAYS: readonly PullWay[] = ["official", "ours, service pages", "ours, as large as the cap allows"];
const OFFICIAL_PAGE_ROWS = 32_000;

export interface RateLimitedPull {
  way: PullWay;
  rows: number;
  requests: number;
  /** Requests the service refused with 429 (counted in `requests`). */
  refused: number;
  seconds: number;
  credits: number;
}

/** The system clock plus an offset the bench moves forward between ways (a fresh rate window without waiting). */
class ShiftedClock implements Clock {
  offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    return globalThis.setTimeout(callback, ms);
  }
  clearTimeout(handle: unknown): void {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
  }
}

interface Counted {
  fetch: FetchLike;
  requests: number;
  refused: number;
}

function counted(): Counted {
  const state: Counted = {
    requests: 0,
    refused: 0,
    fetch: async (input, init) => {
      state.requests++;
      const res = await globalThis.fetch(input, init);
      if (res.status === 429) state.refused++;
      return res;
    },
  };
  return state;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function official(c: Counted, url: string, apiKey: string, executionId: string): Promise<number> {
  let rows = 0;
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const query = `limit=${OFFICIAL_PAGE_ROWS}&offset=${offset}&ignore_max_datapoints_per_request=true`;
    const res = await c.fetch(`${url}/v1/execution/${executionId}/results?${query}`, {
      headers: { "X-Service-Api-Key": apiKey },
    });
    if (res.status === 429) {
      await res.arrayBuffer();
      await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
      continue;
    }
    if (!res.ok) throw new Error(`official page at ${offset}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as { next_offset?: number | null; result: { rows: unknown[] } };
    rows += body.result.rows.length;
    offset = body.next_offset ?? undefined;
  }
  return rows;
}

async function ours(c: Counted, url: string, apiKey: string, executionId: string, way: PullWay, plan: Plan) {
  const client = new ServiceClient({ apiKey, baseUrl: url, fetch: c.fetch });
  // What ReadMeter.params() gives a read whose cap per request covers it whole: a probe page, then large pages.
  const large =
    way === "ours, as large as the cap allows"
      ? {
          firstPageRows: PROBE_ROWS,
          maxPageBytes: Math.min(LARGE_PAGE_BYTES, bytesWithin(Infinity, billingPlan(plan))),
        }
      : {};
  const table = await client.table({ executionId }, large);
  return table.rows.length;
}

export async function rateLimitedPulls(options: {
  readsPerMinute: number;
  plan: Plan;
  ways?: readonly PullWay[];
  log?: (line: string) => void;
}): Promise<{ runs: RateLimitedPull[]; executionSeconds: number }> {
  const clock = new ShiftedClock();
  const service = await startTestService({
    clock,
    rateLimitRead: options.readsPerMinute,
    billing: { demo: { plan: options.plan } },
  });
  try {
    const apiKey = TEST_KEYS.demo;
    const setup = new ServiceClient({ apiKey, baseUrl: service.url });
    const t0 = performance.now();
    const run = await setup.run(DEMO_QUERY_ID);
    const executionSeconds = (performance.now() - t0) / 1000;
    const runs: RateLimitedPull[] = [];
    for (const way of options.ways ?? PULL_WAYS) {
      // A fresh rate window: what came before (the run's polls, the last way's pages) is a minute old.
      clock.offset += 61_000;
      const before = (await setup.usage()).billing_periods[0]?.credits_used ?? 0;
      clock.offset += 61_000;
      const c = counted();
      const t = performance.now();
      const rows =
        way === "official"
          ? await official(c, service.url, apiKey, run.executionId)
          : await ours(c, service.url, apiKey, run.executionId, way, options.plan);
      const seconds = (performance.now() - t) / 1000;
      clock.offset += 61_000;
      const after = (await setup.usage()).billing_periods[0]?.credits_used ?? 0;
      if (rows !== DEMO_RESULT_ROWS) throw new Error(`${way} read ${rows} rows, not ${DEMO_RESULT_ROWS}`);
      const result = {
        way,
        rows,
        requests: c.requests,
        refused: c.refused,
        seconds,
        credits: subtractCredits(after, before),
      };
      options.log?.(
        `  ${way}: ${result.requests} requests (${result.refused} refused), ${seconds.toFixed(1)} s, ${result.credits} credits`,
      );
      runs.push(result);
    }
    return { runs, executionSeconds };
  } finally {
    await service.close();
  }
}

import autocannon from "autocannon";
import { processRssBytes } from "./machine";
import { API_KEY, type ServiceProcess } from "./service-process";
import { BROWSER_ACCEPT_ENCODING } from "./service-big-pages";

export const MIXED_CLIENTS = 200;
export const MIXED_P99_TARGET_MS = 500;
export const MIXED_RUNS = 5;
/** RSS after the last run within this share of RSS after the first. */
export const RSS_DRIFT_TARGET = 0.1;

/** What each kind of request must answer, checked on samples taken while the load runs. */
interface Probe {
  label: string;
  path: string;
  check(body: string): string | undefined;
}

interface Envelope {
  execution_id?: string;
  state?: string;
  result?: { rows: Record<string, unknown>[]; metadata: { total_row_count: number } };
}

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));
const consecutive = (values: number[], from: number, count: number) =>
  values.length === count && values.every((v, i) => v === from + i);

export function mixedProbes(executionId: string, csvHeader: string): Probe[] {
  const json = (body: string) => JSON.parse(body) as Envelope;
  return [
    {
      label: "status",
      path: `/v1/execution/${executionId}/status`,
      check: (b) => {
        const e = json(b);
        return e.state === "QUERY_STATE_COMPLETED" && e.execution_id === executionId ? undefined : `status ${b}`;
      },
    },
    {
      label: "small page, offset 0",
      path: `/v1/execution/${executionId}/results?limit=100`,
      check: (b) => (consecutive(ids(json(b).result!.rows), 0, 100) ? undefined : "rows 0-99 wrong"),
    },
    {
      label: "small page, offset 900,000",
      path: `/v1/execution/${executionId}/results?limit=100&offset=900000`,
      check: (b) => (consecutive(ids(json(b).result!.rows), 900_000, 100) ? undefined : "rows 900,000-900,099 wrong"),
    },
    {
      label: "sorted dataset page",
      path: `/v1/dex/pairs/ethereum?limit=100&sort_by=one_day_volume%20desc`,
      check: (b) => {
        const rows = json(b).result!.rows;
        const volumes = rows.map((r) => Number(r.one_day_volume));
        const sorted = volumes.every((v, i) => i === 0 || v <= volumes[i - 1]!);
        return rows.length === 100 && sorted && rows.every((r) => r.chain === "ethereum") ? undefined : "not sorted";
      },
    },
    {
      // A table's first screen. Whole datasets (870 kB each with brotli) would measure the load generator instead:
      // autocannon reads at most ~90 MB/s on one JS thread here, while the service sends them at 0.1 core.
      label: "dataset page: 1,000 rows",
      path: `/v1/dex/pairs/ethereum?limit=1000`,
      check: (b) => {
        const e = json(b).result!;
        return e.rows.length === Math.min(1000, e.metadata.total_row_count) ? undefined : "rows missing";
      },
    },
    {
      label: "small CSV page (E5)",
      path: `/v1/query/1003/results/csv?limit=100`,
      check: (b) => {
        const lines = b.split("\n");
        const first = lines.slice(1, 101).map((l) => Number(l.split(",")[0]));
        return lines[0] === csvHeader && lines.length === 102 && lines[101] === "" && consecutive(first, 0, 100)
          ? undefined
          : "CSV page wrong";
      },
    },
  ];
}

export interface MixedRun {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  samples: number;
  wrong: string[];
  rssAfter: number;
}

/**
 * One run: MIXED_CLIENTS connections, each cycling through every probe's request, for `seconds`; meanwhile a sampler
 * fetches the probes one after another and checks every answer. Then RSS is read a second after a full collection.
 */
export async function mixedRun(service: ServiceProcess, probes: Probe[], seconds: number): Promise<MixedRun> {
  const headers = { "X-Service-Api-Key": API_KEY, "Accept-Encoding": BROWSER_ACCEPT_ENCODING };
  let running = true;
  let samples = 0;
  const wrong: string[] = [];
  const sampler = (async () => {
    for (let i = 0; running; i++) {
      const probe = probes[i % probes.length]!;
      try {
        const res = await fetch(service.url + probe.path, { headers });
        const body = await res.text();
        const problem = res.ok ? probe.check(body) : `${res.status}`;
        if (problem) wrong.push(`${probe.label}: ${problem.slice(0, 200)}`);
      } catch (error) {
        wrong.push(`${probe.label}: ${String(error)}`);
      }
      samples++;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const result = await autocannon({
    url: service.url,
    connections: MIXED_CLIENTS,
    duration: seconds,
    headers,
    requests: probes.map((p) => ({ method: "GET" as const, path: p.path })),
    timeout: 30,
  });
  running = false;
  await sampler;
  service.collectGarbage();
  await new Promise((r) => setTimeout(r, 1000));
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    samples,
    wrong,
    rssAfter: processRssBytes(service.pid) ?? NaN,
  };
}

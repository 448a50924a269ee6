import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import type { BenchOptions } from "./args";
import { machineCpu, foreignShare, selfCpuSeconds, type QuietGate } from "./machine";
import {
  BIG_PAGE_CPU_TARGET_MS,
  BROWSER_ACCEPT_ENCODING,
  RESULT_ROWS,
  STREAM_RSS_TARGET_BYTES,
  bigPageCost,
  describeStream,
  wholeResultPage,
} from "./service-big-pages";
import {
  MIXED_CLIENTS,
  MIXED_P99_TARGET_MS,
  MIXED_RUNS,
  RSS_DRIFT_TARGET,
  mixedProbes,
  mixedRun,
  type MixedRun,
} from "./service-mixed-load";
import { join } from "node:path";
import { freshPageLoad, reportFreshPages } from "./service-fresh-pages";
import { runChild } from "./child";
import type { PageAnatomy } from "./page-anatomy-worker";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, type ServiceProcess } from "./service-process";
import { kb, mb, num, pct } from "./stats";

export const SMALL_RPS_TARGET = 1_000;
export const SMALL_P99_TARGET_MS = 50;
/** A small page's throughput against the status endpoint's, on the same service in the same run. */
export const SMALL_TO_STATUS_TARGET = 0.3;

interface Endpoint {
  label: string;
  path: string;
  connections: number;
  /** Held to the small-request targets (≥ 1,000 req/s at p99 < 50 ms; a page: ≥ 30% of the status endpoint's). */
  small: boolean;
  /** A result page (held to the ratio against status). */
  page: boolean;
}

interface LoadFigures {
  endpoint: Endpoint;
  rps: number;
  p50: number;
  p99: number;
  bytesPerSecond: number;
  errors: number;
  non2xx: number;
  serviceCpuShare: number;
  foreign: number;
}

async function load(service: ServiceProcess, endpoint: Endpoint, seconds: number): Promise<LoadFigures> {
  const m0 = machineCpu();
  const s0 = service.cpuSeconds();
  const p0 = selfCpuSeconds();
  const t0 = performance.now();
  const result = await autocannon({
    url: `${service.url}${endpoint.path}`,
    connections: endpoint.connections,
    duration: seconds,
    // What a browser sends over HTTPS: the service answers brotli (anything over 2 kB).
    headers: { "X-Service-Api-Key": API_KEY, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
    timeout: 30,
  });
  const wall = performance.now() - t0;
  const serviceCpu = service.cpuSeconds() - s0;
  return {
    endpoint,
    // Completed requests over the run's length (the per-second samples' average is coarse for short runs).
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serviceCpuShare: serviceCpu / (wall / 1000),
    foreign: foreignShare(m0, machineCpu(), serviceCpu + (selfCpuSeconds() - p0), wall),
  };
}

/**
 * Section 4: autocannon against status and small pages (the same service, the same run, so their ratio is fair),
 * 25,000-row pages none of which is cached, the whole 1,000,000-row result in one streamed page while the service's
 * RSS is watched, and five runs of 200 clients mixing every kind of request with sampled answers checked.
 */
export async function serviceLoadSection(
  service: ServiceProcess,
  prepared: { executionId: string },
  options: BenchOptions,
  gate: QuietGate,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection("service", "4. Service under load (autocannon)");
  const id = prepared.executionId;
  const endpoints: Endpoint[] = [
    { label: "status", path: `/v1/execution/${id}/status`, connections: 10, small: true, page: false },
    {
      label: "small page: 100 rows, offset 0",
      path: `/v1/execution/${id}/results?limit=100`,
      connections: 10,
      small: true,
      page: true,
    },
    {
      label: "small page: 100 rows, offset 900,000",
      path: `/v1/execution/${id}/results?limit=100&offset=900000`,
      connections: 10,
      small: true,
      page: true,
    },
    {
      label: "sorted dataset page: 100 rows (dex)",
      path: `/v1/dex/pairs/ethereum?limit=100&sort_by=one_day_volume%20desc`,
      connections: 10,
      small: true,
      page: true,
    },
    {
      label: "small CSV page: 100 rows (E5)",
      path: `/v1/query/1003/results/csv?limit=100`,
      connections: 10,
      small: true,
      page: false,
    },
  ];
  const figures: LoadFigures[] = [];
  for (const endpoint of endpoints) {
    // A short warm-up so JIT and DuckDB's file metadata are steady before the measured run.
    await autocannon({
      url: `${service.url}${endpoint.path}`,
      connections: 2,
      amount: 4,
      headers: { "X-Service-Api-Key": API_KEY },
    });
    await gate.wait([service.pid]);
    const f = await load(service, endpoint, options.loadSeconds);
    figures.push(f);
    log(
      `  load ${endpoint.label}: ${num(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx}`,
    );
  }
  section.tables.push({
    head: [
      "endpoint",
      "connections",
      "req/s",
      "÷ status",
      "p50",
      "p99",
      "body/s",
      "errors + non-2xx",
      "service CPU",
      "other load",
    ],
    rows: figures.map((f) => [
      f.endpoint.label,
      num(f.endpoint.connections),
      num(f.rps),
      pct(f.rps / figures[0]!.rps),
      `${num(f.p50)} ms`,
      `${num(f.p99)} ms`,
      f.bytesPerSecond >= 1e6 ? `${mb(f.bytesPerSecond)}/s` : `${kb(f.bytesPerSecond)}/s`,
      num(f.errors + f.non2xx),
      `${num(f.serviceCpuShare, 2)} cores`,
      pct(f.foreign),
    ]),
  });
  const status = figures[0]!;
  for (const f of figures.filter((x) => x.endpoint.small)) {
    const met = f.rps >= SMALL_RPS_TARGET && f.p99 < SMALL_P99_TARGET_MS && f.errors + f.non2xx === 0;
    section.targets.push({
      what: `Service: ${f.endpoint.label}`,
      target: `>= ${num(SMALL_RPS_TARGET)} req/s at p99 < ${SMALL_P99_TARGET_MS} ms`,
      measured: `${num(f.rps)} req/s, p99 ${num(f.p99)} ms`,
      verdict: met ? "met" : "missed",
      why: met ? undefined : missedSmall(f),
    });
  }
  for (const f of figures.filter((x) => x.endpoint.page)) {
    const share = f.rps / status.rps;
    const met = share >= SMALL_TO_STATUS_TARGET && f.errors + f.non2xx === 0;
    section.targets.push({
      what: `Service: ${f.endpoint.label} against status`,
      target: `>= ${pct(SMALL_TO_STATUS_TARGET)} of status's req/s`,
      measured: `${pct(share)} (${num(f.rps)} vs ${num(status.rps)} req/s)`,
      verdict: met ? "met" : "missed",
      why: met ? undefined : missedSmall(f),
    });
  }

  // Pages nobody asked before, after a warm-up on the 200 pages before them in the same sequence.
  await freshPageLoad(service, id, RESULT_ROWS, { amount: 200, connections: 2, start: 0 });
  await gate.wait([service.pid]);
  const fresh = await freshPageLoad(service, id, RESULT_ROWS, {
    seconds: options.loadSeconds,
    connections: 10,
    start: 200,
  });
  log(`  fresh 100-row pages: ${num(fresh.rps)} req/s, ${num(fresh.cpuMsPerRequest, 2)} ms service CPU each`);
  reportFreshPages(section, fresh, { rps: status.rps, cpuMsPerRequest: (status.serviceCpuShare / status.rps) * 1000 });

  await gate.wait([service.pid]);
  const big = await bigPageCost(service, id, options.quick);
  log(`  25,000-row pages, none cached: ${num(big.cpuMsPerPage, 1)} ms service CPU each, p50 ${big.p50} ms`);
  section.tables.push({
    caption:
      "25,000-row pages (the datapoint cap over 10 columns), each at a different offset so none is cached; 4 connections",
    head: ["pages", "service CPU per page", "p50", "p99", "errors + non-2xx"],
    rows: [
      [
        num(big.requests),
        `${num(big.cpuMsPerPage, 1)} ms`,
        `${num(big.p50)} ms`,
        `${num(big.p99)} ms`,
        num(big.errors),
      ],
    ],
  });
  section.targets.push({
    what: "Service: CPU for one 25,000-row page (not cached)",
    target: `<= ${BIG_PAGE_CPU_TARGET_MS} ms`,
    measured: `${num(big.cpuMsPerPage, 1)} ms`,
    verdict: big.cpuMsPerPage <= BIG_PAGE_CPU_TARGET_MS && big.errors === 0 ? "met" : "missed",
    why:
      big.cpuMsPerPage <= BIG_PAGE_CPU_TARGET_MS
        ? undefined
        : "see the page anatomy below: the engine's rendering and the compression are most of it",
  });

  await gate.wait([service.pid]);
  const stream = await wholeResultPage(service, id);
  log(`  whole result in one page: ${describeStream(stream)}`);
  const growth = stream.rssPeak - stream.rssBefore;
  section.targets.push({
    what: "Service: RSS growth while streaming a 1,000,000-row page (cap lifted)",
    target: `< ${mb(STREAM_RSS_TARGET_BYTES, 0)}, every row delivered`,
    measured: describeStream(stream),
    verdict: growth < STREAM_RSS_TARGET_BYTES && stream.rowCount === RESULT_ROWS ? "met" : "missed",
    why: stream.rowCount === RESULT_ROWS ? undefined : `the body said ${stream.rowCount ?? "no"} rows`,
  });

  const jsonPage = (await (
    await fetch(`${service.url}/v1/execution/${id}/results?limit=1`, { headers: { "X-Service-Api-Key": API_KEY } })
  ).json()) as { result: { metadata: { column_names: string[] } } };
  const probes = mixedProbes(id, jsonPage.result.metadata.column_names.join(","));
  const mixedSeconds = options.quick ? 10 : 60;
  const runs: MixedRun[] = [];
  for (let i = 0; i < MIXED_RUNS; i++) {
    await gate.wait([service.pid]);
    const run = await mixedRun(service, probes, mixedSeconds);
    runs.push(run);
    log(
      `  mixed run ${i + 1}: ${num(run.rps)} req/s, p99 ${run.p99} ms, errors ${run.errors}, ` +
        `${run.samples} samples (${run.wrong.length} wrong), RSS ${mb(run.rssAfter)}`,
    );
  }
  section.tables.push({
    caption:
      `${MIXED_CLIENTS} clients for ${mixedSeconds} s, ${MIXED_RUNS} runs in a row; each connection cycles through: ` +
      probes.map((p) => p.label).join(", "),
    head: [
      "run",
      "requests",
      "req/s",
      "p50",
      "p99",
      "errors + non-2xx",
      "sampled answers",
      "wrong",
      "service RSS after",
    ],
    rows: runs.map((r, i) => [
      num(i + 1),
      num(r.requests),
      num(r.rps),
      `${num(r.p50)} ms`,
      `${num(r.p99)} ms`,
      num(r.errors),
      num(r.samples),
      num(r.wrong.length),
      mb(r.rssAfter),
    ]),
  });
  const worstP99 = Math.max(...runs.map((r) => r.p99));
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  const wrong = runs.flatMap((r) => r.wrong);
  section.targets.push({
    what: `Service: ${MIXED_CLIENTS} clients, mixed requests, ${mixedSeconds} s (worst of ${MIXED_RUNS} runs)`,
    target: `p99 < ${MIXED_P99_TARGET_MS} ms, 0 errors, every sampled answer right`,
    measured: `p99 ${num(worstP99)} ms, ${num(errors)} errors, ${num(wrong.length)} of ${num(runs.reduce((s, r) => s + r.samples, 0))} samples wrong`,
    verdict: worstP99 < MIXED_P99_TARGET_MS && errors === 0 && wrong.length === 0 ? "met" : "missed",
    why: wrong.length ? `first wrong answer: ${wrong[0]}` : undefined,
  });
  const first = runs[0]!.rssAfter;
  const last = runs[runs.length - 1]!.rssAfter;
  section.targets.push({
    what: `Service: RSS after ${MIXED_RUNS} mixed runs against after the first`,
    target: `within ${pct(RSS_DRIFT_TARGET)}`,
    measured: `${mb(first)} → ${mb(last)} (${last >= first ? "+" : ""}${pct((last - first) / first)})`,
    verdict: Math.abs(last - first) <= first * RSS_DRIFT_TARGET ? "met" : "missed",
  });

  const small = figures[1]!;
  section.headline.push(
    `Service: status ${num(status.rps)} req/s (p99 ${status.p99} ms), 100-row page ${num(small.rps)} req/s (${pct(small.rps / status.rps)} of status); ` +
      `a 25,000-row page ${num(big.cpuMsPerPage)} ms CPU; ${MIXED_CLIENTS} mixed clients p99 ${num(worstP99)} ms; ` +
      `the 1,000,000-row page streamed with +${mb(growth, 0)} RSS` +
      (Math.max(status.foreign, small.foreign) > 0.15
        ? ` (other work held up to ${pct(Math.max(status.foreign, small.foreign))} of the cores meanwhile: rough)`
        : ""),
  );
  const a = await runChild<PageAnatomy>("page-anatomy-worker.ts", [join(service.dataDir, "results", `${id}.parquet`)]);
  section.tables.push({
    caption:
      "Where a result page's service CPU goes (in-process, on the very Parquet file served, with the service's reader and encoders; CPU ms per page)",
    head: ["step", "25,000-row JSON page", "100-row JSON page"],
    rows: [
      [
        "reader.page: DuckDB renders the page as one text (1 thread)",
        `${num(a.bigPage, 1)} ms`,
        `${num(a.smallPage, 1)} ms`,
      ],
      ["  before: one JS string per row, joined", `${num(a.bigPerRow, 1)} ms`, ""],
      [`text to bytes (${mb(a.bigBodyBytes)})`, `${num(a.bigToBytes, 1)} ms`, ""],
      [`brotli quality 1 (to ${mb(a.bigBrotliBytes)}), for browsers`, `${num(a.bigBrotli, 1)} ms`, ""],
      [`gzip level 1 (to ${mb(a.bigGzipBytes)}), for clients without brotli`, `${num(a.bigGzip, 1)} ms`, ""],
    ],
  });
  section.notes.push(
    `A 25,000-row page costs ~${num(a.bigPage + a.bigToBytes + a.bigBrotli)} ms of CPU before HTTP for a browser ` +
      `(reader ${num(a.bigPage)} + bytes ${num(a.bigToBytes)} + brotli ${num(a.bigBrotli)}), ${num(a.bigPage + a.bigToBytes + a.bigGzip)} ms with gzip; ` +
      `over HTTP with 4 in flight it measured ${num(big.cpuMsPerPage, 1)} ms. Rendering the page as one text in DuckDB ` +
      `(string_agg) instead of one JS string per row: ${num(a.bigPerRow)} → ${num(a.bigPage)} ms.`,
    `A 100-row page costs ${num(a.smallPage, 1)} ms to render: DuckDB's Parquet scan visits every row group of the file ` +
      `(${num(a.rowGroupRows)} rows each), skipped ones included, and decodes the whole one holding the page. ` +
      "A result never changes once complete, so the whole response body (and its brotli or gzip form) is kept in a 64 MB LRU " +
      "keyed by the result's checksum and the request, and every later request for that page costs about what a status costs; " +
      "a page nobody asked before pays the render (the fresh pages above).",
    `${options.loadSeconds} s per small endpoint after a few warm-up requests; autocannon runs in the bench process on the same cores ` +
      "as the service: on 2 cores it takes most of one, so these are lower bounds for a service with its cores to itself. " +
      "Requests say `Accept-Encoding: gzip, deflate, br`, as a browser does over HTTPS (Office add-ins always use HTTPS).",
  );
  return section;
}

function missedSmall(f: LoadFigures): string {
  if (f.errors + f.non2xx > 0) return `${f.errors + f.non2xx} failed responses`;
  return (
    `each request costs the service ${num((f.serviceCpuShare / f.rps) * 1000, 2)} ms of CPU ` +
    `(${num(f.serviceCpuShare, 2)} cores busy for ${num(f.rps)} req/s); ${availableParallelism()} cores and autocannon on the same machine`
  );
}

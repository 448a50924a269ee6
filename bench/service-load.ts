import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import type { BenchOptions } from "./args";
import { machineCpu, foreignShare, selfCpuSeconds, type QuietGate } from "./machine";
import { join } from "node:path";
import { runChild } from "./child";
import type { PageAnatomy } from "./page-anatomy-worker";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, type ServiceProcess } from "./service-process";
import { kb, mb, num, pct } from "./stats";

export const SMALL_RPS_TARGET = 1_000;
export const SMALL_P99_TARGET_MS = 50;

interface Endpoint {
  label: string;
  path: string;
  connections: number;
  /** Held to the small-request target (≥ 1,000 req/s at p99 < 50 ms). */
  small: boolean;
  /** A fixed number of requests instead of a duration (big pages: a short duration would complete none). */
  amount?: number;
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
    ...(endpoint.amount ? { amount: endpoint.amount } : { duration: seconds }),
    // Browsers always ask for compression; the service gzips anything over 2 kB.
    headers: { "X-Service-Api-Key": API_KEY, "Accept-Encoding": "gzip, deflate" },
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

/** Section 4: autocannon against status, small result pages and a deep page of the 1,000,000-row result. */
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
    { label: "status", path: `/v1/execution/${id}/status`, connections: 10, small: true },
    {
      label: "small page: 100 rows, offset 0",
      path: `/v1/execution/${id}/results?limit=100`,
      connections: 10,
      small: true,
    },
    {
      label: "small page: 100 rows, offset 900,000",
      path: `/v1/execution/${id}/results?limit=100&offset=900000`,
      connections: 10,
      small: true,
    },
    {
      label: "small CSV page: 100 rows (E5)",
      path: `/v1/query/1003/results/csv?limit=100`,
      connections: 10,
      small: true,
    },
    // A full page at depth: what a client paging to the end of the result asks for; 4 connections like the client.
    {
      label: "deep page: 25,000 rows, offset 900,000",
      path: `/v1/execution/${id}/results?offset=900000`,
      connections: 4,
      small: false,
      amount: options.quick ? 12 : 40,
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
    head: ["endpoint", "connections", "req/s", "p50", "p99", "body/s", "errors + non-2xx", "service CPU", "other load"],
    rows: figures.map((f) => [
      f.endpoint.label,
      num(f.endpoint.connections),
      num(f.rps),
      `${num(f.p50)} ms`,
      `${num(f.p99)} ms`,
      f.bytesPerSecond >= 1e6 ? `${mb(f.bytesPerSecond)}/s` : `${kb(f.bytesPerSecond)}/s`,
      num(f.errors + f.non2xx),
      `${num(f.serviceCpuShare, 2)} cores`,
      pct(f.foreign),
    ]),
  });
  for (const f of figures.filter((x) => x.endpoint.small)) {
    const met = f.rps >= SMALL_RPS_TARGET && f.p99 < SMALL_P99_TARGET_MS && f.errors + f.non2xx === 0;
    section.targets.push({
      what: `Service: ${f.endpoint.label}`,
      target: `>= ${num(SMALL_RPS_TARGET)} req/s at p99 < ${SMALL_P99_TARGET_MS} ms`,
      measured: `${num(f.rps)} req/s, p99 ${num(f.p99)} ms`,
      verdict: met ? "met" : "missed",
      why: met
        ? undefined
        : f.errors + f.non2xx > 0
          ? `${f.errors + f.non2xx} failed responses`
          : `each request costs the service ${num((f.serviceCpuShare / f.rps) * 1000, 1)} ms of CPU ` +
            `(${num(f.serviceCpuShare, 2)} cores busy for ${num(f.rps)} req/s), so ${availableParallelism()} cores serve at most ` +
            `~${num((availableParallelism() * f.rps) / Math.max(f.serviceCpuShare, 0.01))} req/s even with autocannon and everything else off them. ` +
            (f.endpoint.label.startsWith("status")
              ? "The tail comes from queueing behind the load generator and other work on the same cores."
              : "A result page is a DuckDB query over the Parquet file (whole row groups decoded for 100 rows), JSON/CSV rendering and gzip; see the service notes."),
    });
  }
  const byLabel = (prefix: string) => figures.find((f) => f.endpoint.label.startsWith(prefix))!;
  const status = byLabel("status");
  const small = byLabel("small page: 100 rows, offset 0");
  const deep = byLabel("deep page");
  section.headline.push(
    `Service: status ${num(status.rps)} req/s (p99 ${status.p99} ms), 100-row page ${num(small.rps)} req/s (p99 ${small.p99} ms), ` +
      `25,000-row page at offset 900,000 ${num(deep.rps, 1)} req/s (p50 ${num(deep.p50)} ms, p99 ${num(deep.p99)} ms)` +
      (Math.max(status.foreign, small.foreign) > 0.15
        ? ` (other work held up to ${pct(Math.max(status.foreign, small.foreign))} of the cores meanwhile: rough)`
        : ""),
  );
  const anatomy = await runChild<PageAnatomy>("page-anatomy-worker.ts", [
    join(service.dataDir, "results", `${id}.parquet`),
  ]);
  const a = anatomy;
  const share = (part: number, whole: number) => pct(part / whole);
  section.tables.push({
    caption:
      "Where a result page's service CPU goes (in-process, on the very Parquet file served, with the service's reader and renderers; CPU ms per page)",
    head: ["step", "25,000-row JSON page", "100-row JSON page"],
    rows: [
      ["reader.page, 2 DuckDB threads", `${num(a.bigPageThreads2)} ms`, `${num(a.smallThreads2, 1)} ms`],
      ["reader.page, 1 DuckDB thread", `${num(a.bigPageThreads1)} ms`, `${num(a.smallThreads1, 1)} ms`],
      ["  DuckDB query rendering the rows (1 thread)", `${num(a.bigQuery)} ms`, ""],
      ["  turning the row texts into JS strings", `${num(a.bigToJs)} ms`, ""],
      ["  instead: one string_agg'ed text from DuckDB (query + conversion)", `${num(a.bigAggregated)} ms`, ""],
      [`gzip level 1 of the ${mb(a.bigBodyBytes)} body`, `${num(a.bigGzip)} ms`, ""],
      [
        `reader.page, 1 thread, on a copy with DuckDB's default 122,880-row groups (the file has ${num(a.rowGroupRows)})`,
        "",
        `${num(a.smallDefaultRowGroups, 1)} ms`,
      ],
    ],
  });
  const saving = (label: string, before: number, after: number, digits = 0) =>
    // Below 5% the difference is within the noise of a handful of runs.
    after < before * 0.95
      ? `${label} ${num(before, digits)} → ${num(after, digits)} ms (${share(before - after, before)} less)`
      : `${label} saves nothing measurable here (${num(before, digits)} vs ${num(after, digits)} ms)`;
  const statusFast = status.rps >= SMALL_RPS_TARGET;
  const reader = Math.min(a.bigPageThreads1, a.bigPageThreads2);
  const groups =
    a.rowGroupRows < 122_880
      ? `the file's ${num(a.rowGroupRows)}-row groups against DuckDB's default 122,880: ${num(a.smallDefaultRowGroups, 1)} → ${num(a.smallThreads1, 1)} ms`
      : "the file has DuckDB's default 122,880-row groups";
  section.notes.push(
    `One 25,000-row JSON page costs the service ~${num(reader + a.bigGzip)} ms CPU before HTTP (reader ${num(reader)} + gzip ${num(a.bigGzip)}). ` +
      `Measured here: ${saving("1 DuckDB thread instead of 2", a.bigPageThreads2, a.bigPageThreads1)}, ` +
      `for 100-row pages ${num(a.smallThreads2, 1)} → ${num(a.smallThreads1, 1)} ms; ` +
      `${saving("string_agg in DuckDB instead of one JS string per row", a.bigQuery + a.bigToJs, a.bigAggregated)}; ` +
      `skipping compression for loopback callers would save the ${num(a.bigGzip)} ms of gzip.`,
    `A 100-row page costs ${num(Math.min(a.smallThreads1, a.smallThreads2), 1)} ms or more of CPU: DuckDB decompresses whole row groups of every column (${groups}). ` +
      `Per-request DuckDB work of that size cannot reach 1,000 req/s on 2 cores (it would need ≤ 2 ms each)` +
      (statusFast
        ? `; the status endpoint (${num(status.rps)} req/s) shows fastify alone can, so rendered bytes of small pages of finished results (which never change) kept in an in-memory LRU would.`
        : "."),
  );
  section.notes.push(
    `${options.loadSeconds} s per small endpoint (the 25,000-row page: a fixed number of requests) after a few warm-up requests. autocannon runs in the bench process on the same cores as the service: on 2 cores it takes most of one, so these are lower bounds for a service with its cores to itself.`,
  );
  return section;
}

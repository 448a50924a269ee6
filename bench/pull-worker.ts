/**
 * Child-process entry for one full pull: `pull-worker.ts <method> <format> <url> <apiKey> <executionId> <servicePid>`.
 * Prints one JSON line: wall time of the pull alone (process start and imports excluded), rows, requests, the
 * id checksum, this process's CPU and its peak RSS. A fresh process per pull makes maxRSS the method's own peak.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { foreignShare, machineCpu, processCpuSeconds } from "./machine";
import { METHODS, pull, type Format, type Method } from "./pull-methods";

export interface PullWorkerResult {
  method: Method;
  format: Format;
  ms: number;
  rows: number;
  columns: number;
  requests: number;
  idSum: number;
  /** CPU seconds of this process during the pull (all threads). */
  cpuSeconds: number;
  /** Garbage-collection pauses during the pull, seconds (main thread). */
  gcSeconds: number;
  /** CPU seconds the service process used during the pull. */
  serviceCpuSeconds: number;
  /** Busy CPU on the machine that neither this process nor the service accounts for, as a share of all cores. */
  foreignShare: number;
  /** RSS after imports, before the pull: what the process costs anyway. */
  baseRssBytes: number;
  maxRssBytes: number;
}

async function main(): Promise<void> {
  const [method, format, url, apiKey, executionId, pidText] = process.argv.slice(2) as [
    Method,
    Format,
    string,
    string,
    string,
    string,
  ];
  const servicePid = Number(pidText);
  if (!METHODS.includes(method) || (format !== "json" && format !== "csv") || !url || !apiKey || !executionId) {
    throw new Error("usage: pull-worker.ts <ours|naive|floor> <json|csv> <url> <apiKey> <executionId> <servicePid>");
  }
  const baseRssBytes = process.memoryUsage().rss;
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gc.observe({ entryTypes: ["gc"] });
  const machine0 = machineCpu();
  const service0 = processCpuSeconds(servicePid) ?? NaN;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await pull(method, format, { url, apiKey, executionId });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setImmediate(r)); // the observer reports asynchronously
  gc.disconnect();
  const serviceCpuSeconds = (processCpuSeconds(servicePid) ?? NaN) - service0;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const foreign = foreignShare(machine0, machineCpu(), cpuSeconds + serviceCpuSeconds, ms);
  const result: PullWorkerResult = {
    method,
    format,
    ms,
    rows: outcome.rows,
    columns: outcome.columns,
    requests: outcome.requests,
    idSum: outcome.idSum(),
    cpuSeconds,
    gcSeconds: gcMs / 1000,
    serviceCpuSeconds,
    foreignShare: foreign,
    baseRssBytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

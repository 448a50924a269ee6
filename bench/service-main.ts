/**
 * Child-process entry: the local service on a free port of 127.0.0.1 with a temporary data directory.
 * The benchmark runs the service in its own process so its CPU (DuckDB rendering, fastify) is not billed to the
 * client being measured, and the client's garbage collection does not stall the server.
 * `--datasets` serves the curated datasets (E6–E11) too.
 * Prints one JSON line `{"url", "pid", "dataDir"}` on stdout when listening; stops on SIGTERM or when stdin closes.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_KEYS, defaultOptions, startService } from "../src/service";
import { BENCH_QUERIES } from "./bench-queries";

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "service-bench-"));
  const service = await startService(
    defaultOptions({
      port: 0,
      host: "127.0.0.1",
      dataDir,
      queries: BENCH_QUERIES,
      keys: DEMO_KEYS,
      // Curated datasets only when a section needs them (formulas): otherwise their timers stay out of the figures.
      datasets: process.argv.includes("--datasets"),
      rateLimitPerMinute: 0,
      log: () => undefined,
    }),
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void service
      .close()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  };
  // The load test reads RSS after a full collection (`--expose-gc`), so what it compares is memory still held, not
  // garbage that the next collection would free.
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on("SIGUSR2", () => gc?.());
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // The parent may die without signalling: a closed stdin means nobody is left to measure for.
  process.stdin.on("end", stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: service.url, pid: process.pid, dataDir })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench service failed to start: ${String(error)}\n`);
  process.exit(1);
});

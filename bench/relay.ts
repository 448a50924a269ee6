import { startRelay } from "../src/relay";
import type { BenchOptions } from "./args";
import { runChild } from "./child";
import { relayLatencyTable } from "./relay-latency";
import type { PullWorkerResult } from "./pull-worker";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, type ServiceProcess } from "./service-process";
import { median } from "./stats";

/** Our goals (the issue names the figures, not their bounds): the relay costs at most 30% on a cold pull. */
const OVERHEAD_TARGET = 1.3;
/** … and a pull served from its cache is at least 1.5× as fast as a cold one. */
const CACHE_SPEEDUP_TARGET = 1.5;

/**
 * The relay's cost on the full 1,000,000-row pull (client.table through the relay against the same pull direct, in
 * one run, alternating), and what its cache of finished results gives back (a second pull through a warm relay).
 * The relay runs in this process, the service in its own and each pull in a fresh one, as a team would deploy them.
 * Then the latency of one cached page at concurrency 1 and 16: direct, through the relay and through the gateway.
 */
export async function relaySection(
  service: ServiceProcess,
  prepared: { executionId: string },
  options: BenchOptions,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection("relay", "6. Relay");
  const reps = options.reps;
  const times = { direct: [] as number[], cold: [] as number[], warm: [] as number[] };
  let rows = 0;
  for (let rep = 0; rep < reps; rep++) {
    const relay = await startRelay({
      upstream: new URL(service.url),
      port: 0,
      host: "127.0.0.1",
      allowOrigins: [],
      cacheMb: 1024,
    });
    try {
      // Each pull in a fresh child process, as in section 1: the client's parsing never shares an event loop with
      // the relay (here) or the service (its own process), as client, relay and service would be deployed.
      const pull = async (baseUrl: string): Promise<number> => {
        const r = await runChild<PullWorkerResult>("pull-worker.ts", [
          "ours",
          "json",
          baseUrl,
          API_KEY,
          prepared.executionId,
          String(service.pid),
        ]);
        rows = r.rows;
        return r.ms;
      };
      // Alternating order per repetition, so a warming machine favours neither.
      if (rep % 2 === 0) {
        times.direct.push(await pull(service.url));
        times.cold.push(await pull(relay.url));
      } else {
        times.cold.push(await pull(relay.url));
        times.direct.push(await pull(service.url));
      }
      times.warm.push(await pull(relay.url));
    } finally {
      await relay.close();
    }
    log(
      `  relay rep ${rep + 1}/${reps}: direct ${ms(times.direct.at(-1)!)}, cold ${ms(times.cold.at(-1)!)}, warm ${ms(times.warm.at(-1)!)}`,
    );
  }
  const [direct, cold, warm] = [median(times.direct), median(times.cold), median(times.warm)];
  const overhead = cold / direct;
  const speedup = cold / warm;
  section.tables.push({
    caption: `Full pull of ${rows.toLocaleString("en-US")} rows × 10 (JSON), medians of ${reps}`,
    head: ["path", "median", "÷ direct"],
    rows: [
      ["direct to the service", ms(direct), "1.00x"],
      ["through the relay, cold cache", ms(cold), `${overhead.toFixed(2)}x`],
      ["through the relay, warm cache", ms(warm), `${(warm / direct).toFixed(2)}x`],
    ],
  });
  section.targets.push(
    {
      what: "Relay: overhead on the full pull (cold cache)",
      target: `<= ${OVERHEAD_TARGET}x direct`,
      measured: `${overhead.toFixed(2)}x`,
      verdict: overhead <= OVERHEAD_TARGET ? "met" : "missed",
      why:
        overhead <= OVERHEAD_TARGET
          ? undefined
          : "every page passes through the relay (its next_uri rewritten, compressed, a copy kept for the cache) on the same two cores as the service and the client",
    },
    {
      what: "Relay: a cached pull against a cold one",
      target: `>= ${CACHE_SPEEDUP_TARGET}x faster`,
      measured: `${speedup.toFixed(2)}x`,
      verdict: speedup >= CACHE_SPEEDUP_TARGET ? "met" : "missed",
      why:
        speedup >= CACHE_SPEEDUP_TARGET
          ? undefined
          : "the client's own parsing dominates once the pages come from memory",
    },
  );
  const latency = await relayLatencyTable(service, prepared.executionId, options, log);
  section.tables.push(latency.table);
  section.notes.push(
    `The relay and the gateway run as \`npm run relay\` in processes of their own (their request logs read and dropped); the gateway on the file store, unpaced, audited ${latency.auditEntries.toLocaleString("en-US")} cached reads in batches (at most 250 ms or 500 entries apart).`,
  );
  section.headline.push(
    `Relay: full pull ${overhead.toFixed(2)}x direct with a cold cache, ${(warm / direct).toFixed(2)}x with a warm one (${speedup.toFixed(2)}x faster than cold)`,
  );
  return section;
}

function ms(value: number): string {
  return `${(value / 1000).toFixed(1)} s`;
}

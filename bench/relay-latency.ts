import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { FileGatewayStore } from "../src/team-store";
import type { BenchOptions } from "./args";
import { REPO_ROOT } from "./child";
import type { Table } from "./report";
import { API_KEY, type ServiceProcess } from "./service-process";

/** The concurrencies measured: one caller alone, and a team's worth at once. */
const CONNECTIONS = [1, 16];

interface RelayProcess {
  url: string;
  stop(): Promise<void>;
}

/** `npm run relay` in a process of its own (its request log read and dropped), as a team deploys it. */
async function startRelayProcess(args: string[]): Promise<RelayProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", "src/relay/main.ts", "--port", "0", ...args],
    { cwd: REPO_ROOT, stdio: "pipe" },
  );
  let said = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the relay did not start: ${said.slice(-500)}`)), 60_000);
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      const m = /Relay: (\S+)/.exec(said);
      if (m) {
        clearTimeout(timer);
        said = "";
        resolve(m[1]!);
      }
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    child.on("exit", (code) => reject(new Error(`the relay exited with ${code}: ${said.slice(-500)}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
  failed: number;
}

async function measure(url: string, key: string, connections: number, seconds: number): Promise<Latency> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "X-Service-Api-Key": key } });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / result.duration,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * One 100-row page of a finished result (a page the relay and the gateway serve from their cache, the service from
 * its own) read at each concurrency: direct, through the plain relay and through the gateway (file store; each
 * cached read audited). Latency p50/p99 and requests a second, each path measured in turn in the same run.
 */
export async function relayLatencyTable(
  service: ServiceProcess,
  executionId: string,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<{ table: Table; auditEntries: number }> {
  const dir = await mkdtemp(join(tmpdir(), "relay-latency-"));
  const keyFile = join(dir, "team.key");
  await writeFile(keyFile, `${API_KEY}\n`, { mode: 0o600 });
  const stateDir = join(dir, "state");
  const seed = FileGatewayStore.open(stateDir);
  const { token } = await seed.addPerson({ name: "bench", budgets: { perDay: null, perMonth: null } });
  await seed.close();
  const upstream = ["--upstream", service.url];
  const relay = await startRelayProcess(upstream);
  const gateway = await startRelayProcess([
    ...upstream,
    ...["--team-key-file", keyFile, "--state-dir", stateDir, "--reads-per-minute", "0", "--writes-per-minute", "0"],
  ]);
  const path = `/v1/execution/${executionId}/results?limit=100`;
  const paths = [
    { name: "direct to the service", url: `${service.url}${path}`, key: API_KEY },
    { name: "through the relay", url: `${relay.url}${path}`, key: API_KEY },
    { name: "through the gateway (file store)", url: `${gateway.url}${path}`, key: token },
  ];
  const rows: string[][] = [];
  try {
    // One read each first: the page is in every cache before the clock runs.
    for (const p of paths) await measure(p.url, p.key, 1, 1);
    const seconds = options.loadSeconds;
    for (const connections of CONNECTIONS) {
      const direct = await measure(paths[0]!.url, paths[0]!.key, connections, seconds);
      for (const p of paths) {
        const m = p === paths[0] ? direct : await measure(p.url, p.key, connections, seconds);
        log(`  ${p.name}, ${connections} connection(s): p50 ${m.p50} ms, p99 ${m.p99} ms, ${Math.round(m.rps)}/s`);
        rows.push([
          p.name,
          String(connections),
          `${m.p50} ms`,
          `${m.p99} ms`,
          `${Math.round(m.rps).toLocaleString("en-US")}/s`,
          `${(m.rps / direct.rps).toFixed(2)}x`,
          String(m.failed),
        ]);
      }
    }
  } finally {
    await Promise.all([relay.stop(), gateway.stop()]);
  }
  const store = FileGatewayStore.open(stateDir);
  let auditEntries = 0;
  try {
    auditEntries = (await store.auditEntries({ from: 0, to: Number.MAX_SAFE_INTEGER })).length;
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  return {
    table: {
      caption: `A cached 100-row page at concurrency 1 and 16 (${options.loadSeconds} s each, autocannon)`,
      head: ["path", "connections", "p50", "p99", "requests", "÷ direct", "failed"],
      rows,
    },
    auditEntries,
  };
}

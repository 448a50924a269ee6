import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { reportSpec, writeBook } from "../test/refresh/support/report-book";

/**
 * `.ci/production-install`'s checks: the package's bin commands, run from a production install (`npm ci --omit=dev`
 * of the packed tarball, in the folder given), start the local service, the relay and the gateway on loopback, each
 * answers, and the refresh brings a workbook up to date through the service. Only the checker (this file and the
 * workbook it writes) uses the development toolchain; what it runs uses the install alone.
 */
const DEMO_KEY = "demo-local-service-key";
const STARTUP_MS = 90_000;
/** How long a server may say it is not ready yet. */
const READY_MS = 30_000;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function main(app: string): Promise<void> {
  const bins = (JSON.parse(await readFile(join(app, "package.json"), "utf8")) as { bin: Record<string, string> }).bin;
  const bin = (name: string) => {
    const path = bins[name];
    if (!path) throw new Error(`package.json declares no bin command ${name}`);
    return join(app, path);
  };
  const work = await mkdtemp(join(tmpdir(), "production-smoke-"));
  const children: ChildProcess[] = [];
  try {
    const service = await start(
      children,
      bin("service-local"),
      ["--port", "0", "--data-dir", join(work, "data")],
      /Service API:\s+(\S+)\/v1/,
    );
    await expectJson(
      `${service.url}/v1/dex/pairs/ethereum?limit=2`,
      DEMO_KEY,
      (body) => rowsOf(body) === 2,
      "a dataset read from the service",
    );

    const relay = await start(
      children,
      bin("service-relay"),
      ["--upstream", service.url, "--port", "0"],
      /Relay: (\S+)/,
    );
    await expectJson(`${relay.url}/healthz`, undefined, (body) => body.ok === true, "the relay's /healthz");
    await expectJson(`${relay.url}/readyz`, undefined, (body) => body.ready === true, "the relay's /readyz", READY_MS);
    await expectJson(
      `${relay.url}/v1/dex/pairs/ethereum?limit=2`,
      DEMO_KEY,
      (body) => rowsOf(body) === 2,
      "a dataset read through the relay",
    );

    const keyFile = join(work, "team.key");
    await writeFile(keyFile, `${DEMO_KEY}\n`, { mode: 0o600 });
    const stateDir = join(work, "gateway");
    const added = await run(bin("service-relay"), [
      "users",
      "add",
      "alice",
      "--budget-per-day",
      "1000",
      "--state-dir",
      stateDir,
    ]);
    const token = /sgw_[A-Za-z0-9_-]+/.exec(added.out)?.[0];
    if (added.code !== 0 || !token) throw new Error(`users add failed (${added.code}): ${added.err}`);
    const gateway = await start(
      children,
      bin("service-relay"),
      [
        ...["--upstream", service.url, "--port", "0", "--team-key-file", keyFile, "--state-dir", stateDir],
        ...["--metrics-listen", "127.0.0.1:0"],
      ],
      /Relay: (\S+)/,
      /Metrics: (\S+)/,
    );
    const metricsUrl = /Metrics: (\S+)/.exec(gateway.output())?.[1] as string;
    await expectJson(
      `${gateway.url}/readyz`,
      undefined,
      (body) => body.ready === true,
      "the gateway's /readyz",
      READY_MS,
    );
    await expectJson(`${gateway.url}/gateway/me`, token, (body) => body.name === "alice", "the gateway's /gateway/me");
    await expectJson(
      `${gateway.url}/v1/dex/pairs/ethereum?limit=2`,
      token,
      (body) => rowsOf(body) === 2,
      "a dataset read through the gateway",
    );
    const scraped = await (await fetch(metricsUrl)).text();
    if (!/^gateway_credits_settled_total \d/m.test(scraped)) throw new Error(`no settled credits in:\n${scraped}`);
    console.log("ok: the gateway's metrics on their own address");

    const book = await writeBook(reportSpec());
    const out = join(dirname(book), "refreshed.xlsx");
    const refreshed = await run(bin("service-refresh"), [book, "--out", out, "--json"], {
      SERVICE_API_KEY: DEMO_KEY,
      SERVICE_API_BASE_URL: service.url,
    });
    // 6: written, with the never-run SERVICE.QUERY cell left as it was (the refresh runs nothing unless told).
    if (refreshed.code !== 6 || !existsSync(out)) {
      throw new Error(`the refresh exited ${refreshed.code}: ${refreshed.err}${refreshed.out}`);
    }
    const report = JSON.parse(refreshed.out) as { written?: string };
    if (report.written !== out) throw new Error(`the refresh's report names ${String(report.written)} as written`);
    console.log("ok: the refresh wrote the workbook through the service");

    await rm(dirname(book), { recursive: true, force: true });
    for (const started of [gateway, relay, service]) await stop(started);
    console.log("ok: every server stopped on SIGTERM with exit code 0");
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await rm(work, { recursive: true, force: true });
  }
}

function rowsOf(body: Record<string, unknown>): number | undefined {
  const result = body.result as { rows?: unknown[] } | undefined;
  return result?.rows?.length;
}

/** Starts a server and waits for the line that gives its address (and `waitFor`'s, when given). */
function start(
  children: ChildProcess[],
  script: string,
  args: string[],
  address: RegExp,
  waitFor: RegExp = address,
): Promise<Started> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "pipe"], env: cleanEnv() });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in time:\n${output}`)), STARTUP_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = address.exec(output)?.[1];
      if (url && waitFor.test(output)) {
        clearTimeout(timer);
        resolve({ child, url, output: () => output });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited ${code} at start:\n${output}`));
    });
  });
}

/** Runs a command to its end. */
function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...cleanEnv(), ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out, err }));
  });
}

/** The environment without this checker's own Node options (tsx's loader must not reach the installed commands). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * A GET answered 200 with a body that passes the check. `retryForMs`: asked again until then, as a load balancer's
 * probe does (a readiness that waits on a service still warming up on a busy machine).
 */
async function expectJson(
  url: string,
  key: string | undefined,
  check: (body: Record<string, unknown>) => boolean,
  what: string,
  retryForMs = 0,
): Promise<void> {
  const deadline = Date.now() + retryForMs;
  for (;;) {
    const res = await fetch(url, { headers: key ? { "X-Service-Api-Key": key } : {} });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON: the check below fails with the text shown.
    }
    if (res.status === 200 && check(body)) break;
    if (Date.now() >= deadline) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(`ok: ${what}`);
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise<number | null>((resolve) => started.child.once("exit", (code) => resolve(code)));
  started.child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`exited ${code} on SIGTERM:\n${started.output()}`);
}

const app = process.argv[2];
if (!app) {
  console.error("Usage: tsx scripts/production-smoke.ts <folder of the production install>");
  process.exit(2);
}
main(app).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`production install check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { billingPlan } from "../../../../src/billing";
import type { Clock } from "../../../../src/clock";
import { startRelay, type RunningRelay } from "../../../../src/relay";
import type { GatewayOptions } from "../../../../src/relay/gateway/gateway-options";

/** One answer as a test reads it, every byte of it kept to look for what must never be there. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/**
 * Gateway relays started for a test, and everything they said: every answer they gave (status, headers, body), every
 * log line, every file they wrote (the cache directories), so a test can look through all of it for the team's key.
 */
export class GatewayRun {
  readonly logs: string[] = [];
  readonly answers: string[] = [];
  readonly relays: RunningRelay[] = [];
  readonly dirs: string[] = [];
  readonly keyFile: string;

  constructor(readonly teamKey: string) {
    const dir = this.tempDir("gateway-key-");
    this.keyFile = join(dir, "team.key");
    writeFileSync(this.keyFile, `${teamKey}\n`, { mode: 0o600 });
  }

  tempDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }

  /** A gateway relay in front of `upstream`, with its own cache directory. */
  async start(
    upstream: string,
    store: Pick<GatewayOptions, "database" | "stateDir">,
    options: {
      reads?: number | null;
      writes?: number | null;
      clock?: Clock;
      windowMs?: number;
      origin?: string;
      /** The team key's per-request cap at the service (`--max-credits-per-request`). */
      cap?: number;
    } = {},
  ): Promise<RunningRelay> {
    const relay = await startRelay(
      {
        upstream: new URL(upstream),
        port: 0,
        host: "127.0.0.1",
        allowOrigins: [options.origin ?? "https://localhost:3000"],
        cacheMb: 16,
        cacheDir: this.tempDir("gateway-cache-"),
        gateway: {
          teamKeyFile: this.keyFile,
          ...store,
          plan: billingPlan("free"),
          readsPerMinute: options.reads === undefined ? null : options.reads,
          writesPerMinute: options.writes === undefined ? null : options.writes,
          ...(options.cap === undefined ? {} : { maxCreditsPerRequest: options.cap }),
        },
      },
      (line) => this.logs.push(line),
      { gatewayStore: { clock: options.clock, pacingWindowMs: options.windowMs, timeoutMs: 2000 } },
    );
    this.relays.push(relay);
    return relay;
  }

  /** A request to a relay with a credential (personal token or anything else), its answer recorded. */
  async call<T = Record<string, unknown>>(
    base: string,
    credential: string | undefined,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...extra };
    if (credential !== undefined) headers["X-Service-Api-Key"] = credential;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    this.answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, body: parsed as T };
  }

  /** Every file under the cache directories, as text. */
  filesText(): string {
    const texts: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path !== this.keyFile) texts.push(readFileSync(path).toString("latin1"));
      }
    };
    for (const dir of this.dirs) walk(dir);
    return texts.join("\n");
  }

  async close(): Promise<void> {
    await Promise.all(this.relays.splice(0).map((relay) => relay.close()));
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

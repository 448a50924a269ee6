import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEMO_KEY,
  DEMO_QUERIES,
  defaultOptions,
  startService,
  type RunningService,
  type ApiKeyRecord,
  type SavedQuery,
  type ServiceOptions,
} from "../../src/service";
import type { Clock } from "../../src/clock";

/** What a test key may carry beside its key, user and teams: its plan and limits. */
export type TestKeyBilling = Pick<ApiKeyRecord, "plan" | "credits_per_mb" | "credits" | "max_credits_per_request">;

/** Keys every test service accepts: the demo key plus three users for visibility tests. */
export const TEST_KEYS = {
  demo: DEMO_KEY,
  alice: "alice-key-0123456789",
  bob: "bob-key-0123456789",
  carol: "carol-key-0123456789",
};

export interface TestService {
  url: string;
  apiKey: string;
  dataDir: string;
  service: RunningService;
  /** Stops the service and removes its data directory (unless keepData). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestServiceOptions {
  maxResultBytes?: number;
  /** The curated snapshots' disk budget (`--max-snapshot-bytes`). */
  maxSnapshotBytes?: number;
  clock?: Clock;
  rateLimitPerMinute?: number;
  rateLimitRead?: number;
  /** Origins allowed by CORS (`--cors-origins`); [] for none. */
  corsOrigins?: string[];
  /** The address paging links point at (`--public-url`). */
  publicUrl?: string;
  rateLimitWrite?: number;
  /** Credit limits per test key (by TEST_KEYS name). */
  credits?: Partial<Record<keyof typeof TEST_KEYS, number>>;
  /** Plans and limits per test key (by TEST_KEYS name); `credits` above adds to these. */
  billing?: Partial<Record<keyof typeof TEST_KEYS, TestKeyBilling>>;
  /** Serve the curated datasets' own endpoints (`--curated-endpoints`); default on. */
  curatedEndpoints?: boolean;
  /** Executions of one key running at once (`--max-inflight`); default off. */
  maxInflight?: number;
  queries?: SavedQuery[];
  datasets?: boolean;
  /** How long SQL text may run (`sqlTimeLimitMs`). */
  sqlTimeLimitMs?: number;
  /** The most one upload insert may send, and each namespace's upload storage. */
  maxInsertBytes?: number;
  uploadStorageBytes?: number;
  /** Reuse a data directory (restart tests). */
  dataDir?: string;
  log?: (line: string) => void;
}

/** The real service on an ephemeral port of 127.0.0.1, with a temporary data directory. */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "service-test-")));
  const overrides: Partial<ServiceOptions> = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    queries: options.queries ?? DEMO_QUERIES,
    keys: ([["demo", "analysts"], ["alice", "desk"], ["bob", "desk", "research"], ["carol"]] as const).map(
      ([name, ...teams]): ApiKeyRecord => {
        const record: ApiKeyRecord = {
          key: TEST_KEYS[name],
          user: name,
          teams: [...teams],
          ...options.billing?.[name],
        };
        const credits = options.credits?.[name];
        return credits === undefined ? record : { ...record, credits };
      },
    ),
    datasets: options.datasets ?? false,
    log: options.log ?? (() => undefined),
  };
  if (options.maxResultBytes !== undefined) overrides.maxResultBytes = options.maxResultBytes;
  if (options.maxSnapshotBytes !== undefined) overrides.maxSnapshotBytes = options.maxSnapshotBytes;
  if (options.clock) overrides.clock = options.clock;
  if (options.rateLimitPerMinute !== undefined) overrides.rateLimitPerMinute = options.rateLimitPerMinute;
  if (options.rateLimitRead !== undefined) overrides.rateLimitRead = options.rateLimitRead;
  if (options.publicUrl !== undefined) overrides.publicUrl = options.publicUrl;
  if (options.corsOrigins !== undefined) overrides.corsOrigins = options.corsOrigins;
  if (options.rateLimitWrite !== undefined) overrides.rateLimitWrite = options.rateLimitWrite;
  if (options.curatedEndpoints !== undefined) overrides.curatedEndpoints = options.curatedEndpoints;
  if (options.maxInflight !== undefined) overrides.maxInflight = options.maxInflight;
  if (options.sqlTimeLimitMs !== undefined) overrides.sqlTimeLimitMs = options.sqlTimeLimitMs;
  if (options.maxInsertBytes !== undefined) overrides.maxInsertBytes = options.maxInsertBytes;
  if (options.uploadStorageBytes !== undefined) overrides.uploadStorageBytes = options.uploadStorageBytes;
  const service = await startService(defaultOptions(overrides));
  return {
    url: service.url,
    apiKey: TEST_KEYS.demo,
    dataDir,
    service,
    close: async ({ keepData = false } = {}) => {
      await service.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls the status endpoint until the execution is finished (tests only; the client has the real poller). */
export async function waitFinished(
  url: string,
  apiKey: string,
  executionId: string,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/v1/execution/${executionId}/status`, { headers: { "X-Service-Api-Key": apiKey } });
    const body = (await res.json()) as Record<string, unknown>;
    if (body.is_execution_finished === true) return body;
    if (Date.now() > deadline)
      throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { QueryEngine } from "../../../src/service/engine/query-engine";
import { isTerminal, STATES, type ExecutionRecord } from "../../../src/service/executions/execution-record";
import { Executor, type RecordWrites } from "../../../src/service/executions/executor";
import { DISK_FULL_MESSAGE } from "../../../src/service/executions/failure-message";
import { DiskGuard } from "../../../src/service/store/disk-guard";
import { ManualClock } from "../../support/manual-clock";

/**
 * Every write of a run failing for want of space, injected at the store's boundary (the same as a real full disk
 * gives: test/service/integration/disk-full.test.ts, where a tmpfs can be mounted). The run ends FAILED and costs
 * nothing, or never exists; no promise is left rejected unhandled.
 */
const full = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

type Step = "pending" | "executing" | "charge" | "completed" | "failed";

function failingStore(failAt: Step | undefined, charges: number[]): RecordWrites {
  return {
    save: async (record: ExecutionRecord) => {
      const step = record.state.replace("QUERY_STATE_", "").toLowerCase();
      if (step === failAt) throw full();
    },
    addCredits: async (_key: string, credits: number) => {
      if (failAt === "charge" && credits > 0) throw full();
      charges.push(credits);
    },
  };
}

const writingEngine = (calls: string[], error?: Error): QueryEngine => ({
  runToFile: (_sql, { file }) => {
    calls.push(file);
    return {
      done: error
        ? Promise.reject(error)
        : writeFile(file, "rows").then(() => ({ rowCount: 1, columns: [], bytes: 4, truncated: false })),
      cancel: () => undefined,
    };
  },
  close: async () => undefined,
});

let dir: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => process.off("unhandledRejection", onUnhandled));
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "store-failures-"));
  unhandled.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function record(): ExecutionRecord {
  return {
    executionId: "01J00000000000000000000001",
    queryId: 1,
    state: STATES.pending,
    performance: "medium",
    user: "u",
    teams: [],
    keyId: "k",
    parameters: {},
    submittedAt: 0,
    credits: 0,
  };
}

async function run(failAt: Step | undefined, engineError?: Error) {
  const records = new Map<string, ExecutionRecord>();
  const charges: number[] = [];
  const calls: string[] = [];
  const log: string[] = [];
  const executor = new Executor(writingEngine(calls, engineError), failingStore(failAt, charges), records, {
    clock: new ManualClock(0),
    dataDir: dir,
    resultsDir: dir,
    maxResultBytes: 1e9,
    slots: { small: 1, medium: 1, large: 1 },
    disk: new DiskGuard(dir, () => undefined),
    log: (line) => log.push(line),
  });
  const r = record();
  const submitted = await executor.submit(r, "select 1").then(
    () => "accepted",
    () => "refused",
  );
  for (let turn = 0; turn < 1000 && submitted === "accepted" && !isTerminal(r.state); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  await executor.close();
  return { r, records, charges, calls, submitted, log };
}

test("a submit whose record cannot be stored is refused and forgotten (it counts against no credits)", async () => {
  const { submitted, records, calls, charges } = await run("pending");
  expect(submitted).toBe("refused");
  expect(records.size).toBe(0);
  expect(calls).toEqual([]);
  expect(charges).toEqual([]);
  expect(unhandled).toEqual([]);
});

test.each([
  ["its start cannot be recorded", "executing" as const, undefined, 0],
  ["its price cannot be recorded", "charge" as const, undefined, 0],
  ["its result cannot be recorded", "completed" as const, undefined, 1],
  [
    "its result file cannot be written",
    undefined,
    new Error('IO Error: Could not write file "/x": No space left on device'),
    1,
  ],
])("a run whose %s ends FAILED, free, saying the disk is full", async (_what, failAt, engineError, engineCalls) => {
  const { r, submitted, calls, charges } = await run(failAt, engineError);
  expect(submitted).toBe("accepted");
  expect(r).toMatchObject({ state: STATES.failed, errorMessage: DISK_FULL_MESSAGE, credits: 0 });
  expect(calls).toHaveLength(engineCalls);
  expect(charges.reduce((a, b) => a + b, 0)).toBe(0);
  expect(existsSync(join(dir, `${r.executionId}.parquet`))).toBe(false);
  expect(unhandled).toEqual([]);
});

test("a failed run whose FAILED record cannot be stored stays FAILED, and nothing rejects unhandled", async () => {
  const { r, log } = await run("failed", new Error("Binder Error: no such column"));
  expect(r).toMatchObject({ state: STATES.failed, errorMessage: "Binder Error: no such column" });
  expect(log.some((line) => line.includes("could not store its record"))).toBe(true);
  expect(unhandled).toEqual([]);
});

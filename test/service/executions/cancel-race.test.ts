import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { QueryEngine, RunningQuery } from "../../../src/service/engine/query-engine";
import { STATES, type ExecutionRecord } from "../../../src/service/executions/execution-record";
import { Executor } from "../../../src/service/executions/executor";
import { DiskGuard } from "../../../src/service/store/disk-guard";
import { ExecutionStore } from "../../../src/service/store/execution-store";
import { ManualClock } from "../../support/manual-clock";

/**
 * A cancel that lands while the finished result is being checksummed. The checksum step is held at a gate (the
 * module's one hashing function, mocked), so the cancel arrives exactly there, every time.
 */
const gate: { reached?: () => void; release?: (checksum: string) => void } = {};
jest.mock("../../../src/service/results/integrity", () => ({
  ...jest.requireActual("../../../src/service/results/integrity"),
  fileChecksum: () =>
    new Promise<string>((resolve) => {
      gate.release = resolve;
      gate.reached?.();
    }),
}));

/** An engine whose runs write a small file and finish at once. */
const engine: QueryEngine = {
  runToFile: (_sql, { file }): RunningQuery => ({
    done: writeFile(file, "rows").then(() => ({
      rowCount: 1,
      columns: [{ name: "a", type: "integer" }],
      bytes: 4,
      truncated: false,
    })),
    cancel: () => undefined,
  }),
  close: async () => undefined,
};

let dir: string;
let store: ExecutionStore;
let executor: Executor;
let records: Map<string, ExecutionRecord>;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "cancel-race-"));
  store = await ExecutionStore.open(dir);
  records = new Map();
  const options = {
    clock: new ManualClock(0),
    dataDir: dir,
    resultsDir: dir,
    maxResultBytes: 1e9,
    log: () => undefined,
  };
  const disk = new DiskGuard(dir, () => undefined);
  executor = new Executor(engine, store, records, { ...options, disk, slots: { small: 1, medium: 1, large: 1 } });
});
afterEach(async () => {
  await executor.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function pendingRecord(): ExecutionRecord {
  return {
    executionId: "01J00000000000000000000000",
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

async function settled(record: ExecutionRecord): Promise<void> {
  while (!(await store.loadAll()).some((r) => r.executionId === record.executionId && r.state === record.state)) {
    await new Promise((r) => setImmediate(r));
  }
}

test("a cancel during the checksum wins, says so, and the run stays cancelled (file gone, store agrees)", async () => {
  const record = pendingRecord();
  const atChecksum = new Promise<void>((resolve) => (gate.reached = resolve));
  await executor.submit(record, "select 1");
  await atChecksum;
  expect(record.state).toBe(STATES.executing);

  const answer = await executor.cancel(record);
  gate.release?.("0".repeat(64));
  await executor.close();

  expect(answer).toBe(true);
  expect(record.state).toBe(STATES.cancelled);
  expect(record.resultFile).toBeUndefined();
  expect(existsSync(join(dir, `${record.executionId}.parquet`))).toBe(false);
  await settled(record);
  expect((await store.loadAll()).find((r) => r.executionId === record.executionId)?.state).toBe(STATES.cancelled);
});

test("a cancel after the run completed answers false and changes nothing", async () => {
  const record = pendingRecord();
  const atChecksum = new Promise<void>((resolve) => (gate.reached = resolve));
  await executor.submit(record, "select 1");
  await atChecksum;
  gate.release?.("0".repeat(64));
  while (record.state === STATES.executing) await new Promise((r) => setImmediate(r));

  expect(await executor.cancel(record)).toBe(false);
  expect(record.state).toBe(STATES.completed);
  expect(existsSync(join(dir, `${record.executionId}.parquet`))).toBe(true);
});

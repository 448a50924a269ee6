import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ManualClock } from "../../support/manual-clock";
import { api } from "../../support/http";
import { startTestService, type TestService } from "../../support/service";

/**
 * Curated snapshots are made when a refresh slot is first asked for, and kept only while they can still be asked
 * for: the current one of each dataset, and superseded ones whose execution id was sent to a caller (until they
 * expire, within a disk budget).
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const SLOT = 15 * MINUTE; // AVS stats refresh every 15 minutes
const START = Date.parse("2026-06-10T10:00:00Z"); // the start of a slot
const AVS = "/v1/restaking/avs-stats";
const AVS_LATEST = "/v1/query/9000001/results/csv";

interface Envelope {
  execution_id: string;
  state: string;
  result?: { rows: Record<string, unknown>[] };
}

let clock: ManualClock;
let svc: TestService;
let http: ReturnType<typeof api>;
let log: string[];

async function start(options: { maxSnapshotBytes?: number; dataDir?: string } = {}): Promise<void> {
  log = [];
  svc = await startTestService({ datasets: true, clock, log: (line) => log.push(line), ...options });
  http = api(svc.url, svc.apiKey);
}

beforeEach(async () => {
  clock = new ManualClock(START + MINUTE);
  await start();
});
afterEach(() => svc.close());

const files = () => readdirSync(join(svc.dataDir, "results")).filter((f) => f.endsWith(".parquet"));
const fileOf = (id: string) => `${id}.parquet`;
const bytesOnDisk = () => files().reduce((sum, f) => sum + statSync(join(svc.dataDir, "results", f)).size, 0);

/** The AVS dataset's page, which sends its snapshot's execution id. */
async function avs(): Promise<Envelope> {
  const answer = await http.get<Envelope>(`${AVS}?limit=2`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Moves to `slots` AVS slots later, lets pruning due by then run, and waits for it. */
async function later(slots: number): Promise<void> {
  await clock.advanceSettling(slots * SLOT);
  await svc.service.pruneSnapshots();
}

test("a day idle makes no snapshot", async () => {
  await clock.advanceSettling(DAY);
  await svc.service.pruneSnapshots();
  expect(files()).toEqual([]);
});

test("a slot asked for twice, through either endpoint, has one snapshot; the latest by query id makes it if needed", async () => {
  const csv = await http.get(`${AVS_LATEST}?columns=avs_name&limit=1`);
  expect(csv.status).toBe(200);
  expect(csv.text.startsWith("avs_name\n")).toBe(true);
  const first = await avs();
  const again = await avs();
  expect(again.execution_id).toBe(first.execution_id);
  expect((await http.get(AVS_LATEST)).status).toBe(200);
  expect(files()).toEqual([fileOf(first.execution_id)]);
  // Twenty requests at once in a new slot share one making.
  await later(1);
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? avs() : http.get(AVS_LATEST))));
  expect(burst.every((b) => !("status" in b) || b.status === 200)).toBe(true);
  expect(files()).toHaveLength(2);
});

test("the latest result by a dataset's query id is the slot in force, not the last one asked for", async () => {
  await avs();
  await later(1);
  const latest = await http.get(`${AVS_LATEST}?sort_by=avs_name&columns=avs_name,total_TVL`);
  const current = await avs();
  const byId = await http.get(
    `/v1/execution/${current.execution_id}/results/csv?sort_by=avs_name&columns=avs_name,total_TVL`,
  );
  expect(latest.text).toBe(byId.text);
});

test("a request refused for its parameters makes no snapshot", async () => {
  for (const query of ["limit=abc", "filters=nope%20%3D%201", "sort_by=nope", "columns=nope", "sample_count=0"]) {
    expect((await http.get(`${AVS}?${query}`)).status).toBe(400);
  }
  expect(files()).toEqual([]);
});

test("an execution id sent to a caller stays readable until it expires; a superseded one never sent is removed", async () => {
  const sent = await avs();
  await later(1);
  expect((await http.get(AVS_LATEST)).status).toBe(200); // a snapshot whose id nobody is given
  const [unsent] = files().filter((f) => f !== fileOf(sent.execution_id));
  await later(1);
  expect((await http.get(AVS_LATEST)).status).toBe(200);
  await later(0.1); // the grace after it was superseded
  expect(files()).not.toContain(unsent);
  expect(files()).toContain(fileOf(sent.execution_id));
  expect(files()).toHaveLength(2);
  expect(log).toContainEqual(expect.stringMatching(/^snapshots: removed 1 superseded whose ids were never sent/));

  // A restart keeps what was sent.
  await svc.close({ keepData: true });
  await start({ dataDir: svc.dataDir });
  clock.set(START + 89 * DAY);
  const page = await http.get<Envelope>(`/v1/execution/${sent.execution_id}/results?limit=2`);
  expect([page.status, page.body.state]).toEqual([200, "QUERY_STATE_COMPLETED"]);
  expect(page.body.result?.rows).toEqual(sent.result?.rows);
  clock.set(START + 91 * DAY);
  expect((await http.get(`/v1/execution/${sent.execution_id}/status`)).body.state).toBe("QUERY_STATE_EXPIRED");
});

test("disk use is bounded: past the budget the oldest superseded snapshots expire, their ids saying so", async () => {
  await svc.close();
  await start({ maxSnapshotBytes: 100_000 });
  const sent: string[] = [];
  for (let slot = 0; slot < 24; slot++) {
    sent.push((await avs()).execution_id);
    await later(1);
  }
  const size = statSync(join(svc.dataDir, "results", fileOf(sent[23]))).size; // each about the same
  expect(bytesOnDisk()).toBeLessThanOrEqual(100_000);
  // As many as fit are kept, the newest.
  expect(files().length).toBeGreaterThanOrEqual(Math.floor(100_000 / size) - 1);
  expect(files()).toContain(fileOf(sent[20]));
  const state = async (id: string) => (await http.get(`/v1/execution/${id}/status`)).body.state;
  expect(await state(sent[0])).toBe("QUERY_STATE_EXPIRED");
  expect(await state(sent[23])).toBe("QUERY_STATE_COMPLETED");
  expect(log).toContainEqual(expect.stringContaining("to keep snapshots within 100000 bytes"));
});

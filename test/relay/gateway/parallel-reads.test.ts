import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { FakeUpstream, sendJson } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * A service that checks credits before a read and bills after (the real one, and the local one on purpose) serves
 * every one of twelve parallel reads that start under a key's limit. In front of it, the gateway reserves each read
 * before it is sent: a person's parallel reads beyond their budget are refused, and what they spend stays within it.
 */
const RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const BUDGET = 20;
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let token: string;

beforeAll(async () => {
  const url = await upstream.start();
  upstream.handler = (request, res) => {
    if (request.url.pathname.endsWith("/status")) {
      const metadata = { total_row_count: 100_000, column_names: ["t"], total_result_set_bytes: 100_000_000 };
      return sendJson(res, 200, { execution_id: RUN, is_execution_finished: true, result_metadata: metadata });
    }
    // Serves every read (no credit check of its own): 100 rows of about a kilobyte.
    const rows = Array.from({ length: 100 }, () => ({ t: "x".repeat(990) }));
    sendJson(res, 200, { execution_id: RUN, state: "QUERY_STATE_COMPLETED", result: { rows } });
  };
  stateDir = mkdtempSync(join(tmpdir(), "gateway-parallel-"));
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", budgets: { perDay: BUDGET, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun("team-key-parallel");
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

test("twelve parallel reads: those beyond the budget are refused, and the spending stays within it", async () => {
  const reads = Array.from({ length: 12 }, (_, i) =>
    run.call(relay.url, token, "GET", `/v1/execution/${RUN}/results?offset=${i * 100}&limit=100`),
  );
  const statuses = (await Promise.all(reads)).map((answer) => answer.status);
  expect(statuses.filter((s) => s === 402).length).toBeGreaterThan(0);
  expect(upstream.on(/\/results$/).length).toBe(statuses.filter((s) => s === 200).length);
  type Me = { budgets: { person: { day: { spent: number; reserved: number } } } };
  let day = (await run.call<Me>(relay.url, token, "GET", "/gateway/me")).body.budgets.person.day;
  while (day.reserved > 0) day = (await run.call<Me>(relay.url, token, "GET", "/gateway/me")).body.budgets.person.day;
  expect(day.spent).toBeGreaterThan(0);
  expect(day.spent).toBeLessThanOrEqual(BUDGET);
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { billingPlan, readCredits } from "../../../src/billing";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { FakeUpstream, sendJson } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * A read the person leaves part-way is booked at the whole page the service sent (what it bills), not at what
 * reached the person: the gateway reads the upstream's body to its end and counts it.
 */
const RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const PAGE_BYTES = 6_400_000;
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let token: string;

beforeAll(async () => {
  const url = await upstream.start();
  upstream.handler = (request, res) => {
    if (request.url.pathname.endsWith("/status")) {
      const metadata = { total_row_count: 64_000, column_names: ["t"], total_result_set_bytes: 64 * PAGE_BYTES };
      return sendJson(res, 200, { execution_id: RUN, is_execution_finished: true, result_metadata: metadata });
    }
    // A 6.4 MB page: an envelope around rows of 100 bytes, written as fast as the reader takes it.
    const head = Buffer.from(`{"execution_id":"${RUN}","state":"QUERY_STATE_COMPLETED","result":{"rows":[`);
    const tail = Buffer.from(`]}}`);
    const row = Buffer.from(`{"t":"${"x".repeat(90)}"},`);
    const rows = Math.floor((PAGE_BYTES - head.length - tail.length) / row.length);
    res.writeHead(200, { "content-type": "application/json" });
    res.write(head);
    let left = rows;
    const more = () => {
      while (left > 0) {
        left -= 1;
        if (!res.write(left === 0 ? row.subarray(0, row.length - 1) : row)) return void res.once("drain", more);
      }
      res.end(tail);
    };
    more();
  };
  stateDir = mkdtempSync(join(tmpdir(), "gateway-abandoned-"));
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", admin: true, budgets: { perDay: 100_000, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun("team-key-abandoned");
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

interface Me {
  budgets: { person: { day: { spent: number; reserved: number } } };
}

async function day(): Promise<{ spent: number; reserved: number }> {
  return (await run.call<Me>(relay.url, token, "GET", "/gateway/me")).body.budgets.person.day;
}

/** Reads a page through the gateway, leaving after `keep` bytes; the bytes the person received. */
async function readPage(keep: number): Promise<number> {
  const abort = new AbortController();
  const res = await fetch(`${relay.url}/v1/execution/${RUN}/results?limit=64000`, {
    headers: { "X-Service-Api-Key": token, "Accept-Encoding": "identity" },
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  let received = 0;
  try {
    while (received < keep) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
  } finally {
    abort.abort();
  }
  return received;
}

interface Entry {
  outcome: string;
  bytes: number | null;
  credits: number;
}

/** The audit's last entry, as the usage report's JSON lists it. */
async function lastEntry(): Promise<Entry> {
  const report = await run.call<{ entries: Entry[] }>(relay.url, token, "GET", "/admin/usage?format=json");
  return report.body.entries[report.body.entries.length - 1]!;
}

test.each<[string, number, string]>([
  ["left after 100 kB", 100_000, "abandoned"],
  ["read to its end", Infinity, "ok"],
])("a page %s is booked at the whole page the service sent", async (_name, keep, outcome) => {
  const before = (await day()).spent;
  const received = await readPage(keep);
  if (keep !== Infinity) expect(received).toBeLessThan(PAGE_BYTES / 2);
  let now = await day();
  while (now.reserved > 0 || now.spent === before) now = await day();
  expect(now.spent - before).toBeCloseTo(readCredits(PAGE_BYTES, billingPlan("free")), 2);
  // The audit says the person left it, and that it was booked whole (the page is a few bytes short of 6.4 MB).
  const entry = await lastEntry();
  expect(entry.outcome).toBe(outcome);
  expect(entry.bytes).toBeGreaterThan(PAGE_BYTES - 100);
});

import { mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { waitFor } from "../../support/wait-for";
import { FakeUpstream, sendJson, type Received } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * A read is estimated from what the service says of the rows asked for, and what one person's light page weighed
 * never prices another page low. The reservation is looked at while the service holds the answer (what
 * `/gateway/me` shows in flight); a read that cost more than its estimate is booked at its cost, and the person is
 * refused until it fits.
 */
const RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
const tokens: Record<string, string> = {};
/** A held answer: sent when the test says. */
let held: { request: Received; send: () => void } | undefined;

/** A page of `rows` rows of one text column whose values are `width` characters long. */
function page(res: ServerResponse, rows: number, width: number, offset: number): void {
  sendJson(res, 200, {
    execution_id: RUN,
    state: "QUERY_STATE_COMPLETED",
    next_uri: `http://upstream.invalid/v1/execution/${RUN}/results?offset=${offset + rows}&limit=${rows}`,
    result: { rows: Array.from({ length: rows }, () => ({ t: "x".repeat(width) })), metadata: {} },
  });
}

beforeAll(async () => {
  const url = await upstream.start();
  upstream.handler = (request, res) => {
    const { pathname, searchParams } = request.url;
    const offset = Number(searchParams.get("offset") ?? 0);
    if (pathname.endsWith("/status")) {
      // 1000 rows averaging 2 kB: the first ones light, the last ones heavy.
      const metadata = { total_row_count: 1000, column_names: ["t"], total_result_set_bytes: 2_000_000 };
      return sendJson(res, 200, { execution_id: RUN, is_execution_finished: true, result_metadata: metadata });
    }
    if (searchParams.get("limit") === "1") {
      // The one-row read of a query's latest result: 1000 rows of 10 kB.
      const metadata = { total_row_count: 1000, column_names: ["t"], total_result_set_bytes: 10_000_000 };
      return sendJson(res, 200, { state: "QUERY_STATE_COMPLETED", result: { rows: [{ t: "x" }], metadata } });
    }
    if (pathname.startsWith("/v1/execution/") && offset === 0) return page(res, 100, 4, 0);
    const width = pathname.startsWith("/v1/query/") ? 20_000 : 100_000;
    const rows = Number(searchParams.get("sample_count") ?? searchParams.get("limit"));
    held = { request, send: () => page(res, rows, width, offset) };
  };
  stateDir = mkdtempSync(join(tmpdir(), "gateway-estimates-"));
  const store = FileGatewayStore.open(stateDir);
  for (const [name, perDay] of [
    ["alice", 100],
    ["bob", 100],
  ] as const) {
    tokens[name] = (await store.addPerson({ name, budgets: { perDay, perMonth: null } })).token;
  }
  await store.close();
  run = new GatewayRun("team-key-estimates");
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

const me = async (name: string) => (await run.call<Me>(relay.url, tokens[name], "GET", "/gateway/me")).body;

/** What the read held in flight while the service held its answer, and what it was booked at afterwards. */
async function reservedThenSpent(name: string, path: string): Promise<{ reserved: number; cost: number }> {
  const before = (await me(name)).budgets.person.day.spent;
  held = undefined;
  const answer = run.call(relay.url, tokens[name], "GET", path);
  await waitFor(() => held !== undefined, "the read held");
  const reserved = (await me(name)).budgets.person.day.reserved;
  held!.send();
  expect((await answer).status).toBe(200);
  let spent = before;
  while (spent === before) spent = (await me(name)).budgets.person.day.spent;
  return { reserved, cost: spent - before };
}

test.each<[string, string, string, number]>([
  // Bob's light first page (4-character values) taught nothing that lowers Alice's page of 100 kB values: it is
  // priced at the service's average row (2 kB), never at Bob's 14 bytes.
  ["a page after another person's light page", "bob", `/v1/execution/${RUN}/results?offset=900&limit=100`, 4.4],
  // A sample of a query's latest result over long text: priced at the result's average row (10 kB), not 100 bytes
  // a value.
  ["a sample over long text", "bob", "/v1/query/9/results?sample_count=100", 22],
])("%s is reserved at what the service says its rows weigh", async (_name, name, path, atLeast) => {
  if (path.includes("execution")) {
    expect((await run.call(relay.url, tokens.bob, "GET", `/v1/execution/${RUN}/results?limit=100`)).status).toBe(200);
    name = "alice";
  }
  const { reserved } = await reservedThenSpent(name, path);
  expect(reserved).toBeGreaterThanOrEqual(atLeast);
});

test("a read that cost more than its estimate is booked at its cost, and the person is refused until it fits", async () => {
  // Alice has spent about 200 of her 100 credits on the 10 MB page above: her next read is refused.
  const { spent } = (await me("alice")).budgets.person.day;
  expect(spent).toBeGreaterThan(100);
  const refused = await run.call(relay.url, tokens.alice, "GET", `/v1/execution/${RUN}/results?limit=100`);
  expect([refused.status, refused.body.error]).toEqual([402, expect.stringMatching(/alice's daily budget/)]);
});

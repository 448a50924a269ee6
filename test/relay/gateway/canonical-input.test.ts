import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { FakeUpstream, sendJson } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * A priced input reaches the service only in the one form the gateway and the service read alike: anything else is
 * refused (400) before it is held, paced or sent, so the gateway never prices one request while the service runs
 * another (offset=000…999000 is 999000 to the service; a body with a byte-order mark is JSON to it).
 */
const RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let token: string;

beforeAll(async () => {
  const url = await upstream.start();
  upstream.handler = (request, res) => {
    if (request.url.pathname.endsWith("/execute"))
      return sendJson(res, 200, { execution_id: RUN, state: "QUERY_STATE_PENDING" });
    if (request.url.pathname.endsWith("/status")) {
      return sendJson(res, 200, {
        execution_id: RUN,
        is_execution_finished: true,
        state: "QUERY_STATE_COMPLETED",
        result_metadata: { total_row_count: 1_000_000, column_names: ["a"] },
      });
    }
    return sendJson(res, 200, { execution_id: RUN, state: "QUERY_STATE_COMPLETED", result: { rows: [] } });
  };
  stateDir = mkdtempSync(join(tmpdir(), "gateway-canonical-"));
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", budgets: { perDay: 100_000, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun("team-key-canonical");
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function post(path: string, body: Buffer): Promise<{ status: number; text: string }> {
  const res = await fetch(relay.url + path, {
    method: "POST",
    headers: { "X-Service-Api-Key": token, "Content-Type": "application/json" },
    body: new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

const READ = `/v1/execution/${RUN}/results`;

describe("a read's parameters", () => {
  test.each<[string, string, RegExp | null]>([
    [
      "leading zeros in offset",
      "offset=0000000000000000999000&limit=10",
      /offset must be written without leading zeros \(999000\)/,
    ],
    ["leading zero in limit", "limit=010", /limit must be written without leading zeros \(10\)/],
    ["a number past 2^53", "limit=99999999999999999999", /limit must be a whole number/],
    ["a sign", "limit=%2B10", /limit must be a whole number/],
    ["a space", "limit=%2010", /limit must be a whole number/],
    ["an unknown name", "limt=10", /limt is not a parameter of this endpoint/],
    ["a flag in capitals", "ignore_max_credits_per_request=TRUE", /must be true or false/],
    ["a flag as 1", "allow_partial_results=1", /must be true or false/],
    ["canonical numbers pass", "offset=999000&limit=10", null],
    ["zero passes", "offset=0&limit=0", null],
    ["a query's parameters by name pass", "params.chain=ethereum&limit=5", null],
  ])("%s", async (_name, query, refusal) => {
    const before = upstream.on(/\/results$/).length;
    const answer = await run.call(relay.url, token, "GET", `${READ}?${query}`);
    if (refusal === null) {
      expect(answer.status).toBe(200);
      expect(upstream.on(/\/results$/).length).toBe(before + 1);
    } else {
      expect([answer.status, answer.body.error]).toEqual([400, expect.stringMatching(refusal)]);
      expect(upstream.on(/\/results$/).length).toBe(before);
    }
  });
});

describe("an execute's body", () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  test.each<[string, Buffer, RegExp | null]>([
    [
      "a byte-order mark before the JSON",
      Buffer.concat([BOM, Buffer.from('{"performance":"large"}')]),
      /byte-order mark/,
    ],
    ["not JSON", Buffer.from('{"performance":'), /not valid JSON/],
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0x7d]), /not UTF-8/],
    ["an array", Buffer.from("[]"), /must be a JSON object/],
    ["an unknown field", Buffer.from('{"performance":"small","tier":"large"}'), /field "tier"/],
    ["an unknown tier", Buffer.from('{"performance":"huge"}'), /performance must be one of/],
    ["a known tier passes", Buffer.from('{"performance":"large"}'), null],
    ["parameters and a tier pass", Buffer.from('{"query_parameters":{"a":1},"performance":"free"}'), null],
  ])("%s", async (_name, body, refusal) => {
    const before = upstream.on(/\/execute$/).length;
    const answer = await post("/v1/query/7/execute", body);
    if (refusal === null) {
      expect(answer.status).toBe(200);
      expect(upstream.on(/\/execute$/).length).toBe(before + 1);
    } else {
      expect(answer.status).toBe(400);
      expect((JSON.parse(answer.text) as { error: string }).error).toMatch(refusal);
      expect(upstream.on(/\/execute$/).length).toBe(before);
    }
  });
});

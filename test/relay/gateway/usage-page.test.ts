import { createHash } from "node:crypto";
import { FileGatewayStore } from "../../../src/team-store";
import type { RunningRelay } from "../../../src/relay";
import { startTestService, type TestService } from "../../support/service";
import { usageCsv } from "../../../src/relay/gateway/usage-formats";
import { GatewayRun } from "./support/gateway-harness";

/**
 * One gateway on the file store (the single-instance default) in front of the real local service: the admin's usage
 * page, as HTML (no script, nothing loaded from elsewhere), CSV and JSON, and who may see it.
 */
jest.setTimeout(60_000);

let svc: TestService;
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  svc = await startTestService({ corsOrigins: [], billing: { demo: { plan: "free" } } });
  run = new GatewayRun(svc.apiKey);
  stateDir = run.tempDir("gateway-state-");
  // The file store is one process's: people are added before the relay opens it.
  const store = FileGatewayStore.open(stateDir);
  tokens.root = (await store.addPerson({ name: "root", admin: true, budgets: { perDay: null, perMonth: null } })).token;
  tokens.alice = (await store.addPerson({ name: "alice", budgets: { perDay: 12, perMonth: 400 } })).token;
  await store.close();
  relay = await run.start(svc.url, { stateDir });

  const id = (await run.call(relay.url, tokens.alice, "POST", "/v1/query/1002/execute", {})).body
    .execution_id as string;
  while (
    (await run.call(relay.url, tokens.alice, "GET", `/v1/execution/${id}/status`)).body.is_execution_finished !== true
  ) {
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  expect((await run.call(relay.url, tokens.alice, "GET", `/v1/execution/${id}/results?limit=20`)).status).toBe(200);
  expect((await run.call(relay.url, tokens.alice, "POST", "/v1/query/1002/execute", {})).status).toBe(402);
  // The read's booking follows its answer.
  for (let i = 0; i < 100; i++) {
    const me = await run.call(relay.url, tokens.alice, "GET", "/gateway/me");
    if ((me.body as { budgets: { person: { day: { reserved: number } } } }).budgets.person.day.reserved === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}, 120_000);

afterAll(async () => {
  await run?.close();
  await svc?.close();
});

const basic = (password: string) => ({ Authorization: `Basic ${Buffer.from(`any:${password}`).toString("base64")}` });

test("the page asks a browser to sign in, refuses anyone but an admin, and takes the token three ways", async () => {
  const anonymous = await run.call(relay.url, undefined, "GET", "/admin/usage");
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get("www-authenticate")).toBe('Basic realm="Service gateway usage", charset="UTF-8"');
  expect((await run.call(relay.url, undefined, "GET", "/admin/usage", undefined, basic("sgw_nope"))).status).toBe(401);
  const member = await run.call(relay.url, tokens.alice, "GET", "/admin/usage");
  expect([member.status, member.body]).toEqual([403, { error: "the usage page is for the gateway's admins" }]);
  for (const [credential, headers] of [
    [tokens.root, {}],
    [undefined, { Authorization: `Bearer ${tokens.root}` }],
    [undefined, basic(tokens.root!)],
  ] as const) {
    expect((await run.call(relay.url, credential, "GET", "/admin/usage", undefined, headers)).status).toBe(200);
  }
});

test("HTML: totals per person and per query, credits per day as inline SVG, budgets; no script, CSP-safe", async () => {
  const page = await run.call(relay.url, tokens.root, "GET", "/admin/usage");
  expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const csp = page.headers.get("content-security-policy")!;
  expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'/);
  const style = page.text.match(/<style>([\s\S]*?)<\/style>/)![1]!;
  expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  // Nothing that CSP would block or that runs: no script, no handler attribute, no style attribute, no other origin.
  expect(page.text).not.toMatch(/<script|\son[a-z]+=|\sstyle=|https?:\/\//i);
  expect(page.text).toContain("<svg");
  expect(page.text.match(/<rect class="bar"/g)!.length).toBe(30);
  expect(page.text).toContain("<td>alice</td>");
  expect(page.text).toContain("<td>1002</td>");
  expect(page.text).toMatch(/Total: [\d.]+ credits in 3 requests/);
  expect(page.text).toContain("of 12 credits");
  expect(page.headers.get("cache-control")).toBe("no-store");
});

test("JSON and CSV: the same range, every request, estimates beside costs", async () => {
  const json = await run.call<{
    totals: { total: { requests: number; credits: number }; perPerson: { person: string }[] };
    estimates: { person: string; estimated: number; charged: number; aboveEstimate: number }[];
    refusals: { person: string; refusedBudget: number }[];
    entries: { action: string; outcome: string }[];
    people: { name: string }[];
  }>(relay.url, tokens.root, "GET", "/admin/usage?format=json");
  expect(json.status).toBe(200);
  expect(json.body.entries.map((e) => [e.action, e.outcome])).toEqual([
    ["execute", "ok"],
    ["read", "ok"],
    ["execute", "refused-budget"],
  ]);
  expect(json.body.totals.total.requests).toBe(3);
  expect(json.body.estimates).toEqual([
    { person: "alice", estimated: expect.any(Number), charged: json.body.totals.total.credits, aboveEstimate: 0 },
  ]);
  expect(json.body.refusals).toEqual([{ person: "alice", cached: 0, refusedBudget: 1, forbidden: 0 }]);
  expect(json.body.people.map((p) => p.name)).toEqual(["alice", "root"]);

  const csv = await run.call(relay.url, tokens.root, "GET", "/admin/usage?format=csv");
  expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="gateway-usage-\d{4}-\d\d-\d\d-to-/);
  const lines = csv.text.trimEnd().split("\r\n");
  expect(lines[0]).toBe("time,day,person,action,outcome,query_id,execution_id,rows,bytes,estimate,credits");
  expect(lines.slice(1).map((line) => line.split(",").slice(2, 6))).toEqual([
    ["alice", "execute", "ok", "1002"],
    ["alice", "read", "ok", "1002"],
    ["alice", "execute", "refused-budget", "1002"],
  ]);
  // A range without today: nothing.
  const old = await run.call(relay.url, tokens.root, "GET", "/admin/usage?format=csv&from=2020-01-01&to=2020-01-31");
  expect(old.text).toBe(`${lines[0]}\r\n`);
});

test.each([
  ["from=2024-02-30", /from must be a date \(YYYY-MM-DD\)/],
  ["from=2024-03-02&to=2024-03-01", /from must not be after to/],
  ["from=2020-01-01&to=2024-01-01", /at most 366 days/],
  ["format=xml", /format must be html, csv or json/],
])("a bad request (%s) is a 400 that says why", async (query, message) => {
  const answer = await run.call(relay.url, tokens.root, "GET", `/admin/usage?${query}`);
  expect([answer.status, answer.body]).toEqual([400, { error: expect.stringMatching(message) }]);
});

test("CSV: fields quoted as RFC 4180 says, and text a spreadsheet would run as a formula made inert", () => {
  const entry = {
    id: 1,
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
    day: "2026-01-02",
    person: "alice",
    action: "read" as const,
    outcome: "ok" as const,
    queryId: null,
    executionId: '=HYPERLINK("http://x","a,b")',
    rows: 3,
    bytes: 1200,
    estimate: 0.1,
    credits: 0.03,
  };
  const report = { entries: [entry] } as unknown as Parameters<typeof usageCsv>[0];
  expect(usageCsv(report).split("\r\n")[1]).toBe(
    `2026-01-02T03:04:05.000Z,2026-01-02,alice,read,ok,,"'=HYPERLINK(""http://x"",""a,b"")",3,1200,0.1,0.03`,
  );
});

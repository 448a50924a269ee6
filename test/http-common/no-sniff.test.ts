import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../src/relay";
import { FileGatewayStore } from "../../src/team-store";
import { GatewayRun } from "../relay/gateway/support/gateway-harness";
import { rawExchange } from "../support/raw-http";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";

/**
 * Every error answer of the local service and of the relay in gateway mode carries `X-Content-Type-Options:
 * nosniff`, whoever refused: a route, the error handler, the framework's routing, Node's HTTP parser, a budget, or
 * the service's own error passed on by the relay.
 */
let svc: TestService;
let run: GatewayRun;
let gateway: RunningRelay;
let stateDir: string;
let token: string;
let broke: string;

beforeAll(async () => {
  svc = await startTestService({ corsOrigins: [] });
  stateDir = mkdtempSync(join(tmpdir(), "no-sniff-"));
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } })).token;
  broke = (await store.addPerson({ name: "bob", budgets: { perDay: 0, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun(TEST_KEYS.demo);
  gateway = await run.start(svc.url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await svc?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const MISSING_RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const json = "Content-Type: application/json\r\n";
const execute = (body: string) =>
  `POST /v1/query/1002/execute HTTP/1.1\r\nHost: h.test\r\n${json}Content-Length: ${Buffer.byteLength(body)}\r\n`;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: h.test\r\n`;

/** [refusal, credential (undefined: none; "person": a person's token; "broke": one with no budget left), head, body]. */
type Case = [string, "key" | "person" | "broke" | "wrong" | undefined, string, string];
const CASES: Record<"service" | "gateway", Case[]> = {
  service: [
    ["a bad parameter", "key", get("/v1/execution/x/results?limit=abc"), ""],
    ["a body that is not JSON", "key", execute("{nope"), "{nope"],
    ["an unknown route", "key", get("/v1/nowhere"), ""],
    ["no key", undefined, get("/v1/query/1002"), ""],
    ["a wrong key", "wrong", get("/v1/query/1002"), ""],
    ["a body too large", "key", execute("x".repeat(1_100_000)), "x".repeat(1_100_000)],
    ["headers too large", "key", `${get("/v1/query/1002")}X-Filler: ${"f".repeat(20_000)}\r\n`, ""],
    ["a request line that is not HTTP", "key", "GET /v1 /query HTTP/1.1\r\nHost: h.test\r\n", ""],
    ["a run that does not exist", "key", get(`/v1/execution/${MISSING_RUN}/status`), ""],
  ],
  gateway: [
    [
      "a parameter in a form the gateway does not price",
      "person",
      get(`/v1/execution/${MISSING_RUN}/results?offset=007`),
      "",
    ],
    ["a body that is not JSON", "person", execute("{nope"), "{nope"],
    ["an unknown route", "person", get("/v1/nowhere"), ""],
    ["no token", undefined, get("/v1/query/1002"), ""],
    ["a wrong token", "wrong", get("/v1/query/1002"), ""],
    ["a body too large", "person", execute("x".repeat(1_100_000)), "x".repeat(1_100_000)],
    ["headers too large", "person", `${get("/v1/query/1002")}X-Filler: ${"f".repeat(20_000)}\r\n`, ""],
    ["a request line that is not HTTP", "person", "GET /v1 /query HTTP/1.1\r\nHost: h.test\r\n", ""],
    ["a HEAD", "person", `HEAD /v1/query/1002/results/csv HTTP/1.1\r\nHost: h.test\r\n`, ""],
    ["a budget spent", "broke", execute("{}"), "{}"],
    ["the service's own refusal passed on", "person", get(`/v1/execution/${MISSING_RUN}/status`), ""],
  ],
};

describe.each(["service", "gateway"] as const)("every error answer of the %s says nosniff", (server) => {
  // Four arguments each, always: jest takes a test function with more parameters than arguments for a callback one.
  test.each(CASES[server])("%s", async (_name, credential, head, body) => {
    const base = server === "service" ? svc.url : gateway.url;
    const key =
      credential === "key"
        ? svc.apiKey
        : credential === "person"
          ? token
          : credential === "broke"
            ? broke
            : credential === "wrong"
              ? "not-a-key-0123456789"
              : undefined;
    const answer = await rawExchange(base, key, head, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});

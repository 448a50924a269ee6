import { ServiceClient, isCreditLimitError } from "../../../src/client";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/**
 * The local service limits as the real one does: a credit limit per key (the keys file's "credits"), answered with
 * a 402 in the real service's words, and read and write request limits apart. The client meets them end to end.
 */
describe("credit limits per key", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ credits: { demo: 30, alice: 0 } });
  });
  afterAll(() => svc.close());

  test("runs go on while they fit the limit; the next one is a 402 and spends nothing", async () => {
    const http = api(svc.url, svc.apiKey);
    const first = await http.post("/v1/query/1001/execute", { performance: "medium" }); // 10 of 30
    expect(first.status).toBe(200);
    await waitFinished(svc.url, svc.apiKey, first.body.execution_id as string);
    const second = await http.post("/v1/query/1001/execute", { performance: "large" }); // 30 of 30
    expect(second.status).toBe(200);
    const refused = await http.post("/v1/query/1001/execute", { performance: "medium" }); // would be 40
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error:
        "This api request would exceed your configured limits per billing cycle. Please visit your settings and adjust your limits to continue usage.",
    });
    // Reads are free: results of the runs already made are still served.
    expect((await http.get(`/v1/execution/${first.body.execution_id as string}/status`)).status).toBe(200);
  });

  test("a key with no credits left: the client's error says which limit and what to do", async () => {
    const client = new ServiceClient({ apiKey: TEST_KEYS.alice, baseUrl: svc.url });
    const error = await client.execute(1001).catch((e: unknown) => e);
    expect(isCreditLimitError(error)).toBe(true);
    expect((error as { userMessage: string }).userMessage).toMatch(/^Credit limit reached for this billing cycle/);
  });

  test("keys without a limit are not limited", async () => {
    const bob = api(svc.url, TEST_KEYS.bob);
    for (let i = 0; i < 3; i++)
      expect((await bob.post("/v1/query/1001/execute", { performance: "large" })).status).toBe(200);
  });
});

describe("read and write limits apart", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ rateLimitRead: 3, rateLimitWrite: 1 });
  });
  afterAll(() => svc.close());

  test("the second write in a minute is a 429 while reads go on; the fourth read is a 429", async () => {
    const http = api(svc.url, svc.apiKey);
    const run = await http.post("/v1/query/1001/execute", {});
    expect(run.status).toBe(200);
    const again = await http.post("/v1/query/1001/execute", {});
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: "rate limit of 1 requests per minute exceeded; retry later" });
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    const id = run.body.execution_id as string;
    for (let i = 0; i < 3; i++) expect((await http.get(`/v1/execution/${id}/status`)).status).toBe(200);
    expect((await http.get(`/v1/execution/${id}/status`)).status).toBe(429);
  });
});

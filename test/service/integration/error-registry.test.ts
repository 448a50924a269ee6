import { rm } from "node:fs/promises";
import { join } from "node:path";
import { ERRORS, type ErrorCode } from "../../../src/service/errors";
import { api, type HttpAnswer } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ rateLimitPerMinute: 1000 });
});
afterAll(() => svc.close());

const ok = () => api(svc.url, svc.apiKey);
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
async function finished(queryId: number): Promise<string> {
  const id = (await ok().post(`/v1/query/${queryId}/execute`, {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, id);
  return id;
}

/** One request per registry code. A code added to the registry without a trigger here fails this test. */
const TRIGGERS: Record<ErrorCode, () => Promise<HttpAnswer>> = {
  invalid_api_key: () => api(svc.url, "nope-nope-nope").get("/v1/query/1002/results/csv"),
  bad_parameter: async () => ok().get(`/v1/execution/${await finished(1002)}/results?limit=x`),
  unknown_parameters: () => ok().post("/v1/query/1001/execute", { query_parameters: { zzz: 1 } }),
  invalid_execution_id: () => ok().get("/v1/execution/bad/status"),
  invalid_query_id: () => ok().post("/v1/query/0/execute", {}),
  invalid_body: () => ok().post("/v1/query/1001/execute", "{"),
  partial_result: async () => {
    const small = await startTestService({ maxResultBytes: 1000 });
    try {
      const id = (await api(small.url, small.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
      await waitFinished(small.url, small.apiKey, id);
      return await api(small.url, small.apiKey).get(`/v1/execution/${id}/results`);
    } finally {
      await small.close();
    }
  },
  query_not_found: () => ok().post("/v1/query/424242/execute", {}),
  execution_not_found: () => ok().get(`/v1/execution/${UNKNOWN_ID}/status`),
  result_not_found: () => api(svc.url, TEST_KEYS.carol).get("/v1/query/1007/results/csv"),
  route_not_found: () => ok().get("/v1/nothing/here"),
  result_not_ready: async () => {
    const id = (await ok().post("/v1/query/1004/execute", {})).body.execution_id as string;
    const res = await ok().get(`/v1/execution/${id}/results/csv`);
    await ok().post(`/v1/execution/${id}/cancel`);
    return res;
  },
  no_result: async () => ok().get(`/v1/execution/${await finished(1005)}/results/csv`),
  body_too_large: () => ok().post("/v1/query/1001/execute", { query_parameters: { symbol: "x".repeat(1_100_000) } }),
  unsupported_media_type: () => ok().post("/v1/query/1001/execute", "symbol=WETH", { "Content-Type": "text/plain" }),
  rate_limited: async () => {
    const limited = await startTestService({ rateLimitPerMinute: 1 });
    try {
      await api(limited.url, limited.apiKey).get("/v1/query/1002/results/csv");
      return await api(limited.url, limited.apiKey).get("/v1/query/1002/results/csv");
    } finally {
      await limited.close();
    }
  },
  internal: async () => {
    // A stored result whose file vanished under the service: the engine fails, the caller sees no path or SQL.
    const id = await finished(1002);
    await rm(join(svc.dataDir, "results", `${id}.parquet`));
    return ok().get(`/v1/execution/${id}/results`);
  },
};

test.each(Object.keys(ERRORS) as ErrorCode[])("%s is produced with its status and an {error} body", async (code) => {
  const res = await TRIGGERS[code]();
  expect(res.status).toBe(ERRORS[code].status);
  expect(Object.keys(res.body as object)).toEqual(["error"]);
  expect(typeof (res.body as { error: unknown }).error).toBe("string");
});

test("a 500 leaks no stack, path or SQL", async () => {
  const res = await TRIGGERS.internal();
  expect(res.body).toEqual({ error: "internal error; the service log has details" });
  expect(res.text).not.toMatch(/parquet|SELECT|at .*\.ts|\/tmp/i);
});

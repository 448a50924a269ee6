import { DuckDBInstance } from "@duckdb/node-api";
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ERRORS, type ErrorCode } from "../../../src/service/errors";
import { api, type HttpAnswer } from "../../support/http";
import { rawExchange } from "../../support/raw-http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";
import { mountSmallDisk, smallDiskAvailable, type SmallDisk } from "../../support/small-disk";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ rateLimitPerMinute: 1000 });
});
afterAll(() => svc.close());

const ok = () => api(svc.url, svc.apiKey);

/** A request written to the socket as is (fetch would refuse to send a malformed one), with the demo key. */
async function rawRequest(head: string): Promise<HttpAnswer> {
  const { status, body } = await rawExchange(svc.url, svc.apiKey, head);
  return { status, headers: new Headers(), body: JSON.parse(body) as Record<string, unknown>, text: body };
}
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
async function finished(queryId: number): Promise<string> {
  const id = (await ok().post(`/v1/query/${queryId}/execute`, {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, id);
  return id;
}

type Trigger = { res: HttpAnswer; params?: Record<string, unknown> };
const answer = async (res: Promise<HttpAnswer>, params?: Record<string, unknown>): Promise<Trigger> => ({
  res: await res,
  params,
});

/**
 * One request per registry code, with the parameters its message must carry. A code added to the registry without a
 * trigger here fails this test, and so does a trigger that answers another code with the same status.
 */
const TRIGGERS: Record<ErrorCode, () => Promise<Trigger>> = {
  invalid_api_key: () => answer(api(svc.url, "nope-nope-nope").get("/v1/query/1002/results/csv")),
  bad_parameter: async () =>
    answer(ok().get(`/v1/execution/${await finished(1002)}/results?limit=x`), {
      name: "limit",
      reason: 'must be a whole number from 0 to 9007199254740991, in digits only, got "x"',
    }),
  unknown_parameters: () =>
    answer(ok().post("/v1/query/1001/execute", { query_parameters: { zzz: 1 } }), { names: ["zzz"] }),
  invalid_execution_id: () => answer(ok().get("/v1/execution/bad/status"), { id: "bad" }),
  invalid_body: () => answer(ok().post("/v1/query/1001/execute", "{"), { reason: "is not valid JSON" }),
  partial_result: async () => {
    const small = await startTestService({ maxResultBytes: 1000 });
    try {
      const id = (await api(small.url, small.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
      await waitFinished(small.url, small.apiKey, id);
      return await answer(api(small.url, small.apiKey).get(`/v1/execution/${id}/results`));
    } finally {
      await small.close();
    }
  },
  cancel_forbidden: async () => {
    // Another user can see a run of a public query, but only its runner may cancel it.
    const id = (await ok().post("/v1/query/1004/execute", {})).body.execution_id as string;
    const res = await api(svc.url, TEST_KEYS.bob).post(`/v1/execution/${id}/cancel`);
    await ok().post(`/v1/execution/${id}/cancel`);
    return { res, params: { id } };
  },
  query_not_found: () => answer(ok().post("/v1/query/424242/execute", {})),
  execution_not_found: () => answer(ok().get(`/v1/execution/${UNKNOWN_ID}/status`), { id: UNKNOWN_ID }),
  result_not_found: () => answer(api(svc.url, TEST_KEYS.carol).get("/v1/query/1007/results/csv")),
  result_not_found_for_inputs: () =>
    answer(api(svc.url, TEST_KEYS.carol).get("/v1/query/1001/results?params.symbol=NONE"), {
      inputs: "symbol=NONE, days=7, since=2024-01-01, interval=day",
    }),
  route_not_found: () => answer(ok().get("/v1/nothing/here"), { method: "GET", path: "/v1/nothing/here" }),
  result_not_ready: async () => {
    const id = (await ok().post("/v1/query/1004/execute", {})).body.execution_id as string;
    const res = await ok().get(`/v1/execution/${id}/results/csv`);
    await ok().post(`/v1/execution/${id}/cancel`);
    const state = /is (QUERY_STATE_\w+);/.exec(String((res.body as { error?: string }).error))?.[1];
    return { res, params: { id, state } };
  },
  no_result: async () => {
    const id = await finished(1005);
    return answer(ok().get(`/v1/execution/${id}/results/csv`), { id, state: "QUERY_STATE_FAILED" });
  },
  bad_host: () => answer(rawRequest(`GET /v1/query/1002/results/csv HTTP/1.1\r\nHost: a b/c\r\n`)),
  bad_request_line: () =>
    answer(rawRequest(`GET /v1/%E0%A4%A/x HTTP/1.1\r\nHost: 127.0.0.1\r\n`), {
      reason: "the path is not a valid URL",
    }),
  uri_too_long: () => answer(ok().get(`/v1/execution/${"A".repeat(500)}/status`)),
  headers_too_large: () =>
    answer(
      rawRequest(`GET /v1/query/1002/results/csv HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"x".repeat(20_000)}\r\n`),
    ),
  body_too_large: () =>
    answer(ok().post("/v1/query/1001/execute", { query_parameters: { symbol: "x".repeat(1_100_000) } })),
  unsupported_media_type: () =>
    answer(ok().post("/v1/query/1001/execute", "symbol=WETH", { "Content-Type": "text/plain" })),
  sql_has_parameters: () =>
    answer(ok().post("/v1/sql/execute", { sql: "select {{day}}, '{{ day }}', {{n}} -- {{not_this}}" }), {
      names: ["day", "n"],
    }),
  upload_not_found: () => answer(ok().post("/v1/uploads/demo/nothing_here/clear"), { name: "demo.nothing_here" }),
  upload_exists: async () => {
    const table = { table_name: "registry_twice", schema: [{ name: "x", type: "integer" }], is_private: true };
    await ok().post("/v1/uploads", table);
    return answer(ok().post("/v1/uploads", table));
  },
  upload_forbidden: () => answer(ok().post("/v1/uploads/alice/rates/clear"), { namespace: "alice" }),
  upload_content_type: () =>
    answer(ok().post("/v1/uploads/demo/registry_typed/insert", "x\n1\n", { "Content-Type": "text/plain" }), {
      type: "text/plain",
    }),
  upload_data_invalid: async () => {
    await ok().post("/v1/uploads", { table_name: "registry_typed", schema: [{ name: "x", type: "integer" }] });
    return answer(ok().post("/v1/uploads/demo/registry_typed/insert", "y\n1\n", { "Content-Type": "text/csv" }), {
      reason: "the table has no column named y (its columns: x)",
    });
  },
  upload_too_large: async () => {
    const small = await startTestService({ maxInsertBytes: 1000 });
    try {
      const client = api(small.url, small.apiKey);
      await client.post("/v1/uploads", { table_name: "registry_big", schema: [{ name: "x", type: "varchar" }] });
      const body = `x\n${"y".repeat(5000)}\n`;
      return await answer(client.post("/v1/uploads/demo/registry_big/insert", body, { "Content-Type": "text/csv" }), {
        limit: "1 KB",
      });
    } finally {
      await small.close();
    }
  },
  upload_storage_full: async () => {
    const small = await startTestService({ uploadStorageBytes: 2000 });
    try {
      const client = api(small.url, small.apiKey);
      await client.post("/v1/uploads", { table_name: "registry_full", schema: [{ name: "x", type: "varchar" }] });
      // Hashes: text Parquet cannot compress, so the table outgrows 2 KB.
      const rowsOf = Array.from({ length: 400 }, (_, i) => createHash("sha256").update(String(i)).digest("hex"));
      const body = `x\n${rowsOf.join("\n")}\n`;
      return await answer(client.post("/v1/uploads/demo/registry_full/insert", body, { "Content-Type": "text/csv" }), {
        namespace: "demo",
        allowed: "2 KB",
      });
    } finally {
      await small.close();
    }
  },
  credit_limit: async () => {
    const budget = await startTestService({ credits: { demo: 10 } });
    try {
      return await answer(api(budget.url, budget.apiKey).post("/v1/query/1001/execute", { performance: "large" }));
    } finally {
      await budget.close();
    }
  },
  credit_limit_per_request: async () => {
    const capped = await startTestService({ billing: { demo: { max_credits_per_request: 0.01 } } });
    try {
      const id = (await api(capped.url, capped.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
      await waitFinished(capped.url, capped.apiKey, id);
      return await answer(api(capped.url, capped.apiKey).get(`/v1/execution/${id}/results`));
    } finally {
      await capped.close();
    }
  },
  rate_limited: async () => {
    const limited = await startTestService({ rateLimitPerMinute: 1 });
    try {
      await api(limited.url, limited.apiKey).get("/v1/query/1002/results/csv");
      return await answer(api(limited.url, limited.apiKey).get("/v1/query/1002/results/csv"), { limit: 1 });
    } finally {
      await limited.close();
    }
  },
  result_damaged: async () => {
    const id = await finished(1002);
    await rm(join(svc.dataDir, "results", `${id}.parquet`));
    return answer(ok().get(`/v1/execution/${id}/results`), { id });
  },
  storage_full: async () => {
    // A real full disk: the data directory on a small tmpfs, filled. A submit may still be recorded (the store's log
    // can have room in its last page) and then fail; the next is refused.
    const small = mountSmallDisk(24) as SmallDisk;
    const full = await startTestService({ dataDir: join(small.dir, "data") });
    try {
      small.fill(0);
      let res = await api(full.url, full.apiKey).post("/v1/query/1002/execute", {});
      for (let i = 0; i < 3 && res.status === 200; i++) {
        await waitFinished(full.url, full.apiKey, res.body.execution_id as string);
        res = await api(full.url, full.apiKey).post("/v1/query/1002/execute", {});
      }
      return { res };
    } finally {
      small.empty();
      await full.close();
      small.unmount();
    }
  },
  internal: async () => {
    // A result written before checksums were recorded, damaged before its first read after the upgrade: it is
    // trusted on first use (nothing to compare with), so the engine meets the damage. The caller sees no path or SQL.
    const old = await startTestService();
    const id = (await api(old.url, old.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
    await waitFinished(old.url, old.apiKey, id);
    await old.close({ keepData: true });
    const instance = await DuckDBInstance.create(join(old.dataDir, "service.duckdb"));
    const conn = await instance.connect();
    const [[json]] = (
      await conn.runAndReadAll("SELECT record FROM executions WHERE execution_id = $1", [id])
    ).getRows();
    const { resultChecksum: _dropped, ...legacy } = JSON.parse(String(json)) as Record<string, unknown>;
    await conn.run("UPDATE executions SET record = $1 WHERE execution_id = $2", [JSON.stringify(legacy), id]);
    conn.closeSync();
    instance.closeSync();
    const file = join(old.dataDir, "results", `${id}.parquet`);
    const bytes = await readFile(file);
    bytes.fill(0x41, bytes.length - 64);
    await writeFile(file, bytes);
    const upgraded = await startTestService({ dataDir: old.dataDir });
    try {
      return await answer(api(upgraded.url, upgraded.apiKey).get(`/v1/execution/${id}/results`));
    } finally {
      await upgraded.close();
    }
  },
};

/** A full disk needs a file system small enough to fill: mounting one needs root, so elsewhere that code is skipped. */
const smallDisk = smallDiskAvailable();
if (smallDisk !== true) test.skip(`storage_full is produced (${smallDisk})`, () => undefined);
const PRODUCED = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => code !== "storage_full" || smallDisk === true);

test.each(PRODUCED)("%s is produced: its status and its own message", async (code) => {
  const { res, params } = await TRIGGERS[code]();
  expect(res.status).toBe(ERRORS[code].status);
  expect(Object.keys(res.body as object)).toEqual(["error"]);
  const message = (ERRORS[code].message as (p?: Record<string, unknown>) => string)(params);
  expect(res.body).toEqual({ error: message });
});

test("a 500 leaks no stack, path or SQL", async () => {
  const { res } = await TRIGGERS.internal();
  expect(res.body).toEqual({ error: "internal error; the service log has details" });
  expect(res.text).not.toMatch(/parquet|SELECT|at .*\.ts|\/tmp/i);
});

import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    queries: [
      {
        query_id: 3001,
        name: "echo",
        owner: "demo",
        team: null,
        is_private: false,
        parameters: [
          { key: "v", type: "text", value: "plain" },
          { key: "n", type: "number", value: "1" },
          { key: "d", type: "date", value: "2024-01-01" },
        ],
        // Placeholders inside literals, and a number right after a minus sign outside one.
        sql: "select '{{v}}' as v, length('{{v}}') as len, 10 -{{n}} as m, '{{d}}'::timestamp as d",
      },
    ],
  });
});
afterAll(() => svc.close());

async function echo(params: Record<string, unknown>) {
  const http = api(svc.url, svc.apiKey);
  const ack = await http.post("/v1/query/3001/execute", { query_parameters: params });
  if (ack.status !== 200) return { status: ack.status, error: ack.body.error as string };
  const status = await waitFinished(svc.url, svc.apiKey, ack.body.execution_id as string);
  expect(status.state).toBe("QUERY_STATE_COMPLETED");
  const res = await http.get<{ result: { rows: Record<string, unknown>[] } }>(
    `/v1/execution/${ack.body.execution_id}/results`,
  );
  expect(res.body.result.rows).toHaveLength(1);
  return { status: 200, row: res.body.result.rows[0] };
}

// Every hostile text value must come back exactly as sent, as the single row of the same query.
test.each([
  "'; drop table executions; --",
  "' or '1'='1",
  "x' union select 'y",
  "'' ''' ''''",
  "a;b;c",
  "-- comment",
  "/* block */ */ /*",
  "{{v}}",
  "{{n}}}}{{",
  "back\\slash \\' \\\\",
  "line\nbreak\r\n",
  "unicode ✓ 日本 🎉",
  "$1 $$dollar$$ ?",
  '"double" quotes',
  "",
])("text value %j lands as data", async (value) => {
  const out = await echo({ v: value });
  expect(out.row).toMatchObject({ v: value, len: [...value].length, m: 9 });
});

test.each([
  [-1, 11],
  [-0.5, 10.5],
  [1e3, -990],
  ["  7 ", 3],
])("number %j outside quotes keeps the query's structure", async (n, expected) => {
  const out = await echo({ n });
  expect(out.row?.m).toBe(expected);
});

test.each([
  ["1; select 1", "query_parameters.n: must be a finite number"],
  ["1 --", "query_parameters.n: must be a finite number"],
  ["(select 1)", "query_parameters.n: must be a finite number"],
  ["NaN", "query_parameters.n: must be a finite number"],
])("number %j is refused before it reaches SQL", async (n, message) => {
  const out = await echo({ n });
  expect(out.status).toBe(400);
  expect(out.error).toContain(message);
});

test.each(["2024-01-01'; drop", "2024-01-01 10:00:00' --", "'2024-01-01'"])("date %j is refused", async (d) => {
  const out = await echo({ d });
  expect(out.status).toBe(400);
  expect(out.error).toContain("query_parameters.d: must be a date");
});

test("a NUL character is refused with a clear message", async () => {
  const out = await echo({ v: "a\u0000b" });
  expect(out.status).toBe(400);
  expect(out.error).toContain("NUL");
});

import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/** Integers wider than 64 bits keep every digit: Parquet has no such type, so they are stored as their text. */
const HUGE = "170141183460469231731687303715884105727";
const HUGE_NEG = "-170141183460469231731687303715884105728";
const UHUGE = "340282366920938463463374607431768211455";
const SQL = `
select * from (values
  (1, '${HUGE}'::hugeint, '${UHUGE}'::uhugeint, ['${HUGE}'::hugeint, 7]),
  (2, '${HUGE_NEG}'::hugeint, 0::uhugeint, []::hugeint[]),
  (3, 9007199254740993::hugeint, 42::uhugeint, null),
  (4, null, null, [1::hugeint])
) t(id, h, u, hl)`;

let svc: TestService;
let id: string;
beforeAll(async () => {
  svc = await startTestService({
    queries: [{ query_id: 8101, name: "Wide", owner: "demo", team: null, is_private: false, parameters: [], sql: SQL }],
  });
  const ack = await api(svc.url, svc.apiKey).post("/v1/query/8101/execute", {});
  id = ack.body.execution_id as string;
  const status = await waitFinished(svc.url, svc.apiKey, id);
  expect([status.state, status.error]).toEqual(["QUERY_STATE_COMPLETED", undefined]);
}, 60_000);
afterAll(() => svc.close());

type Rows = { result: { rows: Record<string, unknown>[]; metadata: { column_types: string[] } } };

test("JSON keeps the column types and every digit (a string beyond 2^53, a number within)", async () => {
  const { body } = await api(svc.url, svc.apiKey).get<Rows>(`/v1/execution/${id}/results`);
  expect(body.result.metadata.column_types).toEqual(["integer", "hugeint", "uhugeint", "array(varchar)"]);
  expect(body.result.rows).toEqual([
    { id: 1, h: HUGE, u: UHUGE, hl: [HUGE, "7"] },
    { id: 2, h: HUGE_NEG, u: 0, hl: [] },
    { id: 3, h: "9007199254740993", u: 42, hl: null },
    { id: 4, h: null, u: null, hl: ["1"] },
  ]);
});

test("CSV has the digits as they are", async () => {
  const { text } = await api(svc.url, svc.apiKey).get(`/v1/execution/${id}/results/csv?columns=id,h,u`);
  expect(text).toBe(`id,h,u\n1,${HUGE},${UHUGE}\n2,${HUGE_NEG},0\n3,9007199254740993,42\n4,,\n`);
});

test("filters and sorting compare the numbers, not their text", async () => {
  const http = api(svc.url, svc.apiKey);
  const filtered = await http.get<Rows>(
    `/v1/execution/${id}/results?columns=id&filters=${encodeURIComponent("h > 9007199254740992")}`,
  );
  expect(filtered.body.result.rows).toEqual([{ id: 1 }, { id: 3 }]);
  const sorted = await http.get<Rows>(`/v1/execution/${id}/results?columns=id&sort_by=h%20desc%20nulls%20last`);
  expect(sorted.body.result.rows.map((r) => r.id)).toEqual([1, 3, 2, 4]);
});

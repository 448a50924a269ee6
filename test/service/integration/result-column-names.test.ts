import { DEMO_QUERIES, type SavedQuery } from "../../../src/service";
import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/**
 * A result's columns may have any name, including the names the reader gives its own working columns (the row
 * text, the row position) and the name of DuckDB's Parquet row-number column in any case. None of them may change
 * which rows a page holds or their order.
 */
const query = (query_id: number, sql: string): SavedQuery => ({
  query_id,
  name: `Column names ${query_id}`,
  owner: "demo",
  team: null,
  is_private: false,
  parameters: [],
  sql,
});
const SHADOWING = query(
  6101,
  `select * from (values (9, 'a', 4), (10, 'b', 3), (100, 'c', 2), (2, 'd', 1)) t(j, svc_row_text, n)`,
);
const ROW_NUMBER = query(6102, `select i as "File_Row_Number", i * 2 as v from range(5) t(i)`);

let svc: TestService;
const ids: Record<number, string> = {};
beforeAll(async () => {
  svc = await startTestService({ queries: [...DEMO_QUERIES, SHADOWING, ROW_NUMBER] });
  const http = api(svc.url, svc.apiKey);
  for (const q of [SHADOWING, ROW_NUMBER]) {
    ids[q.query_id] = (await http.post(`/v1/query/${q.query_id}/execute`, {})).body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, ids[q.query_id]);
  }
}, 60_000);
afterAll(() => svc.close());

async function rows(queryId: number, search: string): Promise<Record<string, unknown>[]> {
  const answer = await api(svc.url, svc.apiKey).get<{ result: { rows: Record<string, unknown>[] } }>(
    `/v1/execution/${ids[queryId]}/results?${search}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.result.rows;
}

async function csvLines(queryId: number, search: string): Promise<string[]> {
  const answer = await api(svc.url, svc.apiKey).get(`/v1/execution/${ids[queryId]}/results/csv?${search}`);
  expect(answer.status).toBe(200);
  return answer.text.trim().split("\n");
}

describe("columns named like the reader's own", () => {
  it.each([
    ["j", [2, 9, 10, 100]],
    ["svc_row_text", [9, 10, 100, 2]],
    ["n", [2, 100, 10, 9]],
  ])("sorts by a column named %s, not by the rendered row text", async (column, expected) => {
    expect((await rows(6101, `sort_by=${column}`)).map((r) => r.j)).toEqual(expected);
    expect((await rows(6101, `sort_by=${column}&filters=${encodeURIComponent("j > 0")}`)).map((r) => r.j)).toEqual(
      expected,
    );
    expect((await rows(6101, `sort_by=${column}&sample_count=4`)).map((r) => r.j)).toEqual(expected);
    const csv = await csvLines(6101, `sort_by=${column}&columns=j`);
    expect(csv).toEqual(["j", ...expected.map(String)]);
  });

  it("pages a sorted result by the column, offset by offset", async () => {
    const first = await rows(6101, "sort_by=j%20desc&limit=2");
    const second = await rows(6101, "sort_by=j%20desc&limit=2&offset=2");
    expect([...first, ...second].map((r) => r.j)).toEqual([100, 10, 9, 2]);
  });
});

describe("a column named like the Parquet row number", () => {
  it.each(["", "columns=v", "limit=2&offset=3"])("serves its rows (%s)", async (search) => {
    const all = [0, 1, 2, 3, 4].map((i) => ({ File_Row_Number: i, v: i * 2 }));
    const expected = search === "limit=2&offset=3" ? all.slice(3) : all;
    const got = await rows(6102, search);
    expect(got).toEqual(search === "columns=v" ? expected.map(({ v }) => ({ v })) : expected);
  });
});

import type { SavedQuery } from "../../../src/service/queries/saved-query";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/**
 * One access rule, everywhere: an execution is visible to the user who started it, to everyone when its query is
 * public, and to members of the query's own team when the query is private; nobody else (404, as for an unknown id).
 * Only the user who started a run may cancel it (403 for others who can see it). Latest-by-query (CSV and JSON) follows
 * the rule, and so does the saved query itself.
 *
 * Users: alice owns the queries and runs them; bob shares alice's team "desk" (and is also in "research"); demo is in
 * another team; carol is in none.
 */
const query = (query_id: number, is_private: boolean, team: string | null): SavedQuery => ({
  query_id,
  name: `access ${query_id}`,
  sql: "select 1 as one",
  owner: "alice",
  team,
  is_private,
  parameters: [],
});
const QUERIES = {
  public: query(3001, false, "desk"),
  ownerOnly: query(3002, true, null),
  team: query(3003, true, "desk"),
};
const USERS = { owner: TEST_KEYS.alice, sameTeam: TEST_KEYS.bob, otherTeam: TEST_KEYS.demo, noTeam: TEST_KEYS.carol };
type QueryName = keyof typeof QUERIES;
type UserName = keyof typeof USERS;

let svc: TestService;
const runs = {} as Record<QueryName, string>;
beforeAll(async () => {
  svc = await startTestService({ queries: Object.values(QUERIES) });
  for (const [name, q] of Object.entries(QUERIES) as [QueryName, SavedQuery][]) {
    const id = (await api(svc.url, USERS.owner).post(`/v1/query/${q.query_id}/execute`, {})).body
      .execution_id as string;
    await waitFinished(svc.url, USERS.owner, id);
    runs[name] = id;
  }
});
afterAll(() => svc.close());

/** Who may see what: [query][user]. */
const SEES: Record<QueryName, Record<UserName, boolean>> = {
  public: { owner: true, sameTeam: true, otherTeam: true, noTeam: true },
  ownerOnly: { owner: true, sameTeam: false, otherTeam: false, noTeam: false },
  team: { owner: true, sameTeam: true, otherTeam: false, noTeam: false },
};

const cases = (Object.keys(QUERIES) as QueryName[]).flatMap((q) =>
  (Object.keys(USERS) as UserName[]).map((u) => [q, u, SEES[q][u]] as const),
);

test.each(cases)("%s query, %s: status, results, CSV and latest CSV (visible: %s)", async (q, u, visible) => {
  const http = api(svc.url, USERS[u]);
  const id = runs[q];
  const answers = [
    await http.get(`/v1/execution/${id}/status`),
    await http.get(`/v1/execution/${id}/results`),
    await http.get(`/v1/execution/${id}/results/csv`),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(visible ? 200 : 404);
    if (!visible) expect(answer.body).toEqual({ error: `Execution not found (ID: ${id})` });
  }
  const latest = await http.get(`/v1/query/${QUERIES[q].query_id}/results/csv`);
  expect(latest.status).toBe(visible ? 200 : 404);
  if (visible) expect(latest.text).toBe("one\n1\n");
  const latestJson = await http.get(`/v1/query/${QUERIES[q].query_id}/results`);
  expect(latestJson.status).toBe(visible ? 200 : 404);
  if (visible) expect(latestJson.body).toMatchObject({ execution_id: id, result: { rows: [{ one: 1 }] } });
  else expect(latestJson.body).toEqual({ error: "Query not found" });
});

test.each(cases)("%s query, %s: the saved query itself (visible: %s)", async (q, u, visible) => {
  const answer = await api(svc.url, USERS[u]).get(`/v1/query/${QUERIES[q].query_id}`);
  expect(answer.status).toBe(visible ? 200 : 404);
  if (visible) expect(answer.body).toMatchObject({ query_id: QUERIES[q].query_id, owner: "alice" });
  else expect(answer.body).toEqual({ error: "Query not found" });
});

test.each(cases)("%s query, %s: execute (allowed: %s)", async (q, u, visible) => {
  const answer = await api(svc.url, USERS[u]).post(`/v1/query/${QUERIES[q].query_id}/execute`, {});
  expect(answer.status).toBe(visible ? 200 : 404);
});

test.each(cases)("%s query, %s: cancel someone else's run is 403 when visible, 404 when not", async (q, u, visible) => {
  const answer = await api(svc.url, USERS[u]).post(`/v1/execution/${runs[q]}/cancel`);
  const expected = u === "owner" ? 200 : visible ? 403 : 404;
  expect(answer.status).toBe(expected);
  if (expected === 403)
    expect(answer.body).toEqual({ error: `Only the user who started execution ${runs[q]} can cancel it.` });
});

test("a team member's run of a team query is visible to the team, and to the runner's other teams only through the query", async () => {
  // bob is in "desk" and "research": his run of the desk query is the desk's, not research's.
  const id = (await api(svc.url, USERS.sameTeam).post(`/v1/query/${QUERIES.team.query_id}/execute`, {})).body
    .execution_id as string;
  await waitFinished(svc.url, USERS.sameTeam, id);
  expect((await api(svc.url, USERS.owner).get(`/v1/execution/${id}/status`)).status).toBe(200);
  expect((await api(svc.url, USERS.otherTeam).get(`/v1/execution/${id}/status`)).status).toBe(404);
});

import { STATES, type ExecutionRecord } from "../../../src/service/executions/execution-record";
import {
  planRetention,
  SUPERSEDED_GRACE_MS,
  type CurrentSnapshot,
} from "../../../src/service/snapshots/snapshot-retention";

const NOW = Date.parse("2026-06-10T10:00:00Z");
const MB = 1_000_000;

/** A stored snapshot: `ended` minutes before NOW, of `mb` MB, its id sent or not (undefined: stored before we knew). */
function snapshot(id: string, dataset: string, ended: number, mb: number, idServed?: boolean): ExecutionRecord {
  return {
    executionId: id,
    queryId: 9000001,
    state: STATES.completed,
    performance: "medium",
    user: "service",
    teams: [],
    keyId: "",
    dataset,
    parameters: {},
    submittedAt: NOW - ended * 60_000,
    endedAt: NOW - ended * 60_000,
    credits: 0,
    resultFile: `/data/results/${id}.parquet`,
    resultBytes: mb * MB,
    ...(idServed === undefined ? {} : { idServed }),
  };
}

const current = (entries: [string, string, number][]): Map<string, CurrentSnapshot> =>
  new Map(entries.map(([dataset, executionId, since]) => [dataset, { executionId, since }]));

const ids = (records: ExecutionRecord[]) => records.map((r) => r.executionId);

test.each([
  {
    name: "the current snapshot stays, served or not, however large",
    records: [snapshot("A1", "avs", 0, 500, false)],
    current: [["avs", "A1", NOW - 3_600_000]],
    budget: 1,
    remove: [],
    expire: [],
  },
  {
    name: "a superseded snapshot whose id was never sent is removed, served ones stay within the budget",
    records: [snapshot("A1", "avs", 30, 1, false), snapshot("A2", "avs", 15, 1, true), snapshot("A3", "avs", 0, 1)],
    current: [["avs", "A3", NOW - SUPERSEDED_GRACE_MS]],
    budget: 100 * MB,
    remove: ["A1"],
    expire: [],
  },
  {
    name: "within the grace after being superseded, nothing is touched",
    records: [snapshot("A1", "avs", 30, 1, false), snapshot("A3", "avs", 0, 1, false)],
    current: [["avs", "A3", NOW - SUPERSEDED_GRACE_MS + 1]],
    budget: 0,
    remove: [],
    expire: [],
  },
  {
    name: "one stored before ids were recorded as sent counts as sent",
    records: [snapshot("A1", "avs", 30, 1), snapshot("A3", "avs", 0, 1, false)],
    current: [["avs", "A3", NOW - 3_600_000]],
    budget: 100 * MB,
    remove: [],
    expire: [],
  },
  {
    name: "over the budget, served superseded snapshots expire oldest first, across datasets, until it fits",
    records: [
      snapshot("U1", "users", 90, 4, true),
      snapshot("A1", "avs", 60, 1, true),
      snapshot("U2", "users", 60, 4, true),
      snapshot("A2", "avs", 30, 1, false),
      snapshot("U3", "users", 30, 4, false),
      snapshot("A3", "avs", 0, 1, true),
      snapshot("U4", "users", 0, 4, false),
    ],
    current: [
      ["avs", "A3", NOW - 3_600_000],
      ["users", "U4", NOW - 3_600_000],
    ],
    // Kept after removing A2 and U3: 4 + 1 + 4 + 1 + 4 = 14 MB; budget 9 MB: U1 (−4) and A1 (−1) go.
    budget: 9 * MB,
    remove: ["A2", "U3"],
    expire: ["U1", "A1"],
  },
  {
    name: "expired snapshots and other executions are not counted nor touched",
    records: [
      { ...snapshot("A0", "avs", 90, 50, false), state: STATES.expired, resultFile: undefined },
      { ...snapshot("Q1", "avs", 90, 50, true), dataset: undefined },
      snapshot("A1", "avs", 0, 1, false),
    ],
    current: [["avs", "A1", NOW - 3_600_000]],
    budget: 1 * MB,
    remove: [],
    expire: [],
  },
] as const)("$name", ({ records, current: now, budget, remove, expire }) => {
  const plan = planRetention(records, current(now.map((c) => [...c])), NOW, budget);
  expect(ids(plan.remove)).toEqual(remove);
  expect(ids(plan.expire)).toEqual(expire);
});

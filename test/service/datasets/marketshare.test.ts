/** E9 (market share): a year of daily rows per market, chain, project and version. */
import { MARKETSHARE_CHAINS } from "../../../src/service/datasets";
import { MARKETS } from "../../../src/service/datasets/chains";
import { datasetByName } from "../../../src/service/datasets/registry";
import { slotByIndex } from "../../../src/service/datasets/schedule";
import { openFixture, table, type SnapshotFixture } from "./snapshot-support";

const SEED = 5;
const K = 699; // the daily refresh of 2025-11-30 23:30 UTC (2024 has 366 days)
const def = datasetByName("marketshare")!;

let fx: SnapshotFixture;
let t: string;
let next: string;

beforeAll(async () => {
  fx = await openFixture();
  t = table((await fx.write(def, SEED, K)).path);
  next = table((await fx.write(def, SEED, K + 1)).path);
});
afterAll(() => fx.close());

test("slot 699 of the daily schedule is 2025-11-30 23:30 UTC", () => {
  expect(slotByIndex(def.schedule, K).startedAt.toISOString()).toBe("2025-11-30T23:30:00.000Z");
});

test("every market × chain of the allowed lists has data, over exactly 365 days ending on the refresh's day", async () => {
  const rows = await fx.rows(
    `SELECT market, blockchain, count(DISTINCT time)::INTEGER AS days, min(time) AS first, max(time) AS last FROM ${t} GROUP BY ALL`,
  );
  expect(rows).toHaveLength(MARKETS.length * MARKETSHARE_CHAINS.length);
  for (const r of rows) {
    expect(MARKETS).toContain(r.market);
    expect(MARKETSHARE_CHAINS).toContain(r.blockchain);
    expect([r.days, r.first, r.last]).toEqual([365, "2024-12-01", "2025-11-30"]);
  }
});

test("one row per (time, market, blockchain, project, version); versions look like v2", async () => {
  expect(
    await fx.number(`SELECT count(*) - count(DISTINCT (time, market, blockchain, project, version)) FROM ${t}`),
  ).toBe(0);
  expect(
    await fx.number(
      `SELECT count(*) FROM ${t} WHERE NOT regexp_full_match(version, 'v[0-9]+') OR NOT regexp_full_match(time, '\\d{4}-\\d{2}-\\d{2}')`,
    ),
  ).toBe(0);
  expect(await fx.number(`SELECT count(*) FROM ${t} WHERE try_strptime(time, '%Y-%m-%d') IS NULL`)).toBe(0);
});

test("volume is positive, trades are whole and at least one, trade sizes are plausible", async () => {
  expect(await fx.number(`SELECT count(*) FROM ${t} WHERE volume_usd <= 0 OR trades < 1`)).toBe(0);
  const size = await fx.number(`SELECT median(volume_usd / trades) FROM ${t}`);
  expect(size).toBeGreaterThan(20);
  expect(size).toBeLessThan(5000);
});

test("newest day first within a chain, so the first page is the latest data", async () => {
  const rows = await fx.rows(`SELECT time FROM ${t} WHERE market = 'dex' AND blockchain = 'ethereum' LIMIT 3`);
  expect(rows.every((r) => r.time === "2025-11-30")).toBe(true);
  const disorder = await fx.number(`
    SELECT count(*) FROM (SELECT market, blockchain, time, lag(time) OVER (ORDER BY rn) prev, lag(blockchain) OVER (ORDER BY rn) prev_chain
      FROM (SELECT *, row_number() OVER () rn FROM ${t})) WHERE blockchain = prev_chain AND time > prev`);
  expect(disorder).toBe(0);
});

test("projects appear from their launch: uniswap v4 has no day before 2025-01-31", async () => {
  const first = await fx.rows(
    `SELECT min(time) AS first FROM ${t} WHERE project = 'uniswap' AND version = 'v4' AND blockchain = 'ethereum'`,
  );
  expect(first[0].first).toBe("2025-01-31");
});

test("the next refresh adds the new day, drops the oldest, and leaves history untouched", async () => {
  const [r] = await fx.rows(`SELECT min(time) AS first, max(time) AS last FROM ${next}`);
  expect(r).toEqual({ first: "2024-12-02", last: "2025-12-01" });
  const overlap = (a: string, b: string): string =>
    `SELECT * FROM ${a} WHERE time BETWEEN '2024-12-02' AND '2025-11-30' EXCEPT ALL SELECT * FROM ${b}`;
  expect(await fx.number(`SELECT count(*) FROM (${overlap(t, next)})`)).toBe(0);
  expect(await fx.number(`SELECT count(*) FROM (${overlap(next, t)})`)).toBe(0);
});

test("shares are spread: no single project-version takes all of a big chain's dex volume", async () => {
  const top = await fx.number(`
    SELECT max(s) FROM (SELECT project, version, sum(volume_usd) / sum(sum(volume_usd)) OVER () s
      FROM ${t} WHERE market = 'dex' AND blockchain = 'ethereum' GROUP BY ALL)`);
  expect(top).toBeLessThan(0.9);
  expect(top).toBeGreaterThan(0.1);
});

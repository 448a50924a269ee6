/** E8 (DEX pairs): invariants of the generated rows. */
import { DEX_CHAINS } from "../../../src/service/datasets";
import { datasetByName } from "../../../src/service/datasets/registry";
import { dexProjectsOn } from "../../../src/service/datasets/market-catalog";
import { openFixture, table, type SnapshotFixture } from "./snapshot-support";

const SEED = 3;
const K = 33_000; // a 30-minute slot in 2025
const def = datasetByName("dex-pairs")!;

let fx: SnapshotFixture;
let t: string;

beforeAll(async () => {
  fx = await openFixture();
  t = table((await fx.write(def, SEED, K)).path);
});
afterAll(() => fx.close());

test("every allowed chain has pairs; thousands on ethereum, fewer elsewhere", async () => {
  const rows = await fx.rows(`SELECT chain, count(*)::INTEGER AS n FROM ${t} GROUP BY chain`);
  const byChain = Object.fromEntries(rows.map((r) => [r.chain, r.n as number]));
  expect(Object.keys(byChain).sort()).toEqual([...DEX_CHAINS].sort());
  expect(byChain.ethereum).toBe(5000);
  for (const c of DEX_CHAINS) if (c !== "ethereum") expect(byChain[c]).toBeLessThan(byChain.ethereum);
});

test("(chain, token_a_address, token_b_address) is unique, and no pair appears reversed", async () => {
  expect(await fx.number(`SELECT count(*) - count(DISTINCT (chain, token_a_address, token_b_address)) FROM ${t}`)).toBe(
    0,
  );
  expect(
    await fx.number(
      `SELECT count(*) FROM ${t} x JOIN ${t} y ON x.chain = y.chain AND x.token_a_address = y.token_b_address AND x.token_b_address = y.token_a_address`,
    ),
  ).toBe(0);
  expect(await fx.number(`SELECT count(*) FROM ${t} WHERE token_a_address = token_b_address`)).toBe(0);
});

test("token_pair is <TOKEN_A>-<TOKEN_B>, and an address always carries the same symbol on its chain", async () => {
  expect(
    await fx.number(`SELECT count(*) FROM ${t} WHERE NOT regexp_full_match(token_pair, '[^-\\s]+-[^-\\s]+')`),
  ).toBe(0);
  const inconsistent = await fx.number(`
    WITH sides AS (
      SELECT chain, token_a_address AS address, split_part(token_pair, '-', 1) AS symbol FROM ${t}
      UNION ALL SELECT chain, token_b_address, split_part(token_pair, '-', 2) FROM ${t})
    SELECT count(*) FROM (SELECT chain, address FROM sides GROUP BY ALL HAVING count(DISTINCT symbol) > 1)`);
  expect(inconsistent).toBe(0);
});

test("addresses: 0x + 40 hex on EVM chains, base58 on solana (tokens and pools)", async () => {
  const bad = await fx.number(`
    WITH a AS (
      SELECT chain, token_a_address AS v FROM ${t} UNION ALL SELECT chain, token_b_address FROM ${t}
      UNION ALL SELECT chain, unnest(pool_ids) FROM ${t})
    SELECT count(*) FROM a WHERE CASE WHEN chain = 'solana'
      THEN NOT regexp_full_match(v, '[1-9A-HJ-NP-Za-km-z]{43,44}')
      ELSE NOT regexp_full_match(v, '0x[0-9a-f]{40}') END`);
  expect(bad).toBe(0);
  expect(await fx.number(`SELECT count(*) - count(DISTINCT p) FROM (SELECT unnest(pool_ids) p FROM ${t})`)).toBe(0);
});

test("projects are the chain's DEXes, sorted and distinct; at least one pool per project", async () => {
  const rows = await fx.rows(
    `SELECT chain, list(DISTINCT p) AS projects FROM (SELECT chain, unnest(projects) p FROM ${t}) GROUP BY chain`,
  );
  for (const r of rows) for (const p of r.projects as string[]) expect(dexProjectsOn(r.chain as string)).toContain(p);
  expect(
    await fx.number(
      `SELECT count(*) FROM ${t} WHERE len(projects) = 0 OR projects <> list_sort(list_distinct(projects)) OR len(pool_ids) < len(projects)`,
    ),
  ).toBe(0);
  expect(await fx.number(`SELECT count(*) FROM ${t} WHERE len(projects) > 1`)).toBeGreaterThan(0);
});

test("0 ≤ one_day ≤ seven_day ≤ thirty_day ≤ all_time, liquidity > 0, ratio = seven_day / liquidity", async () => {
  const bad = await fx.number(`SELECT count(*) FROM ${t} WHERE NOT (
    0 <= one_day_volume AND one_day_volume <= seven_day_volume AND seven_day_volume <= thirty_day_volume
    AND thirty_day_volume <= all_time_volume AND usd_liquidity > 0
    AND abs(seven_day_volume_liquidity_ratio - seven_day_volume / usd_liquidity) <= 1e-12 * greatest(1, seven_day_volume_liquidity_ratio))`);
  expect(bad).toBe(0);
  expect(await fx.number(`SELECT count(*) FROM ${t} WHERE one_day_volume = 0`)).toBeGreaterThan(0); // quiet pairs exist
});

test("liquidity and volume are heavy-tailed: the top 1% of ethereum pairs hold most of the liquidity", async () => {
  const share = await fx.number(`
    SELECT sum(usd_liquidity) FILTER (WHERE r <= 50) / sum(usd_liquidity)
    FROM (SELECT usd_liquidity, row_number() OVER (ORDER BY usd_liquidity DESC) r FROM ${t} WHERE chain = 'ethereum')`);
  expect(share).toBeGreaterThan(0.4);
  expect(await fx.number(`SELECT max(seven_day_volume) / median(seven_day_volume) FROM ${t}`)).toBeGreaterThan(1000);
});

test("the spec's filter examples work: WETH-USDC and PEPE-WETH on ethereum, with the real token addresses", async () => {
  const weth = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
  const rows = await fx.rows(
    `SELECT token_pair, token_a_address, token_b_address FROM ${t} WHERE chain = 'ethereum' AND token_pair IN ('WETH-USDC', 'PEPE-WETH') ORDER BY 1`,
  );
  expect(rows).toEqual([
    { token_pair: "PEPE-WETH", token_a_address: "0x6982508145454ce325ddbe47a25d4ec3d2311933", token_b_address: weth },
    { token_pair: "WETH-USDC", token_a_address: weth, token_b_address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" },
  ]);
  expect(
    await fx.number(`SELECT count(*) FROM ${t} WHERE token_a_address = '${weth}' OR token_b_address = '${weth}'`),
  ).toBeGreaterThan(1000);
});

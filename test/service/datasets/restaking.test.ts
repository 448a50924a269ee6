/** E6 (AVS metrics) and E7 (operator metadata): invariants of the generated rows. */
import { datasetByName } from "../../../src/service/datasets/registry";
import { openFixture, table, type SnapshotFixture } from "./snapshot-support";

const SEED = 7;
const K = 66_000; // a 15-minute slot in 2025
const avs = datasetByName("avs-stats")!;
const operators = datasetByName("operator-metadata")!;
const STRATEGY_COLUMNS = avs.columns
  .filter((c) => c.name.endsWith("_TVL") && c.name !== "total_TVL")
  .map((c) => `"${c.name}"`);

let fx: SnapshotFixture;
let avsFile: string;
let opFile: string;

beforeAll(async () => {
  fx = await openFixture();
  avsFile = table((await fx.write(avs, SEED, K)).path);
  opFile = table((await fx.write(operators, SEED, K)).path);
});
afterAll(() => fx.close());

describe("avs-stats", () => {
  test("thirteen strategy columns, and total_TVL is their sum to the cent", async () => {
    expect(STRATEGY_COLUMNS).toHaveLength(13);
    const off = await fx.number(
      `SELECT count(*) FROM ${avsFile} WHERE abs(total_TVL - (${STRATEGY_COLUMNS.join(" + ")})) > 0.011`,
    );
    expect(off).toBe(0);
  });

  test("TVLs are non-negative, beacon chain ETH is accepted everywhere, some strategies are not", async () => {
    expect(await fx.number(`SELECT count(*) FROM ${avsFile} WHERE least(${STRATEGY_COLUMNS.join(", ")}) < 0`)).toBe(0);
    expect(await fx.number(`SELECT count(*) FROM ${avsFile} WHERE beacon_chain_ETH_TVL <= 0`)).toBe(0);
    expect(await fx.number(`SELECT count(*) FROM ${avsFile} WHERE ankrETH_TVL = 0`)).toBeGreaterThan(0);
  });

  test("names and contract addresses are unique; addresses are 0x + 40 hex", async () => {
    const [row] = await fx.rows(
      `SELECT count(*) n, count(DISTINCT avs_name) AS name_count, count(DISTINCT avs_contract_address) addrs,
              count(*) FILTER (WHERE NOT regexp_full_match(avs_contract_address, '0x[0-9a-f]{40}')) bad FROM ${avsFile}`,
    );
    expect(row.name_count).toBe(row.n);
    expect(row.addrs).toBe(row.n);
    expect(row.bad).toBe("0");
  });

  test("operator and staker counts are plausible: 1 ≤ operators ≤ 300 ≤ ..., stakers ≥ operators", async () => {
    expect(
      await fx.number(
        `SELECT count(*) FROM ${avsFile} WHERE num_operators < 1 OR num_operators > 300 OR num_stakers < num_operators`,
      ),
    ).toBe(0);
  });

  test("TVL is heavy-tailed across services", async () => {
    expect(await fx.number(`SELECT max(total_TVL) / median(total_TVL) FROM ${avsFile}`)).toBeGreaterThan(10);
  });
});

describe("operator-metadata", () => {
  test("names and addresses unique, addresses 0x + 40 hex", async () => {
    const [row] = await fx.rows(
      `SELECT count(*) n, count(DISTINCT operator_name) AS name_count, count(DISTINCT operator_contract_address) addrs,
              count(*) FILTER (WHERE NOT regexp_full_match(operator_contract_address, '0x[0-9a-f]{40}')) bad FROM ${opFile}`,
    );
    expect([row.name_count, row.addrs, row.bad]).toEqual([row.n, row.n, "0"]);
  });

  test("links are URLs (or blank where the operator left them out), descriptions name the operator", async () => {
    const bad = await fx.number(`SELECT count(*) FROM ${opFile} WHERE
      NOT (website = '' OR regexp_full_match(website, 'https://[a-z0-9]+\\.[a-z]+'))
      OR NOT (microblog = '' OR regexp_full_match(microblog, 'https://x\\.com/[a-z0-9]{1,15}'))
      OR NOT regexp_full_match(logo, 'https://\\S+\\.png')
      OR NOT starts_with(description, operator_name || ': ')`);
    expect(bad).toBe(0);
    expect(await fx.number(`SELECT count(*) FROM ${opFile} WHERE website = '' OR microblog = ''`)).toBeGreaterThan(0);
  });

  test("metadata changes rarely: a few operators per day, most within two months", async () => {
    const nextDay = table((await fx.write(operators, SEED, K + 96, "op-next-day.parquet")).path);
    const later = table((await fx.write(operators, SEED, K + 96 * 60, "op-later.parquet")).path);
    const changed = (other: string): Promise<number> =>
      fx.number(
        `SELECT count(*) FROM ${opFile} a JOIN ${other} b USING (operator_contract_address) WHERE a.description <> b.description`,
      );
    const day = await changed(nextDay);
    expect(day).toBeGreaterThan(0);
    expect(day).toBeLessThan(60);
    expect(await changed(later)).toBeGreaterThan(150);
  });
});

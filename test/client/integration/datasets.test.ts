import { InvalidArgumentError } from "../../../src/client";
import { DEX_CHAINS, MARKETSHARE_CHAINS } from "../../../src/client/catalog/chains";
import {
  DEX_CHAINS as SERVICE_DEX_CHAINS,
  MARKETSHARE_CHAINS as SERVICE_MARKETSHARE_CHAINS,
} from "../../../src/service/datasets";
import { useService } from "./harness";

describe("curated datasets against the real service", () => {
  const env = useService({ datasets: true });

  const firstColumns: [string, string[], string[]][] = [
    ["avs", [], ["avs_name", "avs_contract_address", "num_operators", "total_TVL"]],
    ["avs-stats", [], ["avs_name", "avs_contract_address"]],
    ["operators", [], ["operator_name", "operator_contract_address", "website", "microblog"]],
    ["operator-metadata", [], ["operator_name"]],
    ["dex", ["ethereum"], ["chain", "token_pair", "projects", "pool_ids"]],
    ["marketshare", ["dex", "ethereum"], ["time", "market", "blockchain", "project"]],
    ["marketshare", ["nft", "solana"], ["time", "market", "blockchain", "project"]],
    ["channels", [], ["channel_tier_name", "channel_tier", "channel_tier_last", "channel"]],
    ["users", [], ["fid_active_tier_name", "fid_active_tier", "fid_active_tier_last", "fid"]],
  ];

  it.each(firstColumns)("dataset(%s %j): one page of the envelope", async (name, args, columns) => {
    const envelope = await env.client().dataset(name, args, { limit: 3 });
    expect(envelope.is_execution_finished).toBe(true);
    expect(envelope.result!.metadata.column_names.slice(0, columns.length)).toEqual(columns);
    expect(envelope.result!.rows.length).toBeLessThanOrEqual(3);
  });

  it.each(firstColumns)("table({ dataset: %s, args: %j }) as a matrix", async (name, args, columns) => {
    const table = await env.client().table({ dataset: name, args }, { limit: 5 });
    expect(table.columns.slice(0, columns.length)).toEqual(columns);
    expect(table.rows.length).toBeGreaterThan(0);
    expect(table.rows.every((row) => Array.isArray(row) && row.length === table.columns.length)).toBe(true);
  });

  it("dex pairs: rows of the chain in the path, sorted and filtered by the server", async () => {
    const table = await env
      .client()
      .table(
        { dataset: "dex", args: ["arbitrum"] },
        { columns: ["chain", "token_pair", "usd_liquidity"], sort_by: "usd_liquidity desc", limit: 50 },
      );
    expect(table.rows.every((row) => row[0] === "arbitrum")).toBe(true);
    const liquidity = table.rows.map((row) => row[2] as number);
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
    const pair = String(table.rows[0]![1]);
    const filtered = await env
      .client()
      .table({ dataset: "dex", args: ["arbitrum"] }, { filters: `token_pair = '${pair}'` });
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((row) => row[filtered.columns.indexOf("token_pair")] === pair)).toBe(true);
  });

  it("a whole dataset paged across the datapoints cap equals one uncapped request", async () => {
    const client = env.client();
    // Nine of the 26 columns (text, numbers and arrays): its 30,000 rows are 270,000 values, two pages under the
    // 250,000-value cap, which show the rule as well as the whole width's four pages (read twice) did.
    const columns = [
      "fid_active_tier_name",
      "fid_active_tier",
      "fid",
      "fname",
      "account_age",
      "top_channels",
      "followers",
      "wow_followers",
      "trading_volume_usd",
    ];
    const paged = await client.table({ dataset: "users" }, { sort_by: "fid", columns });
    const single = await client.table(
      { dataset: "users" },
      { sort_by: "fid", columns, ignore_max_datapoints_per_request: true },
    );
    expect(paged.columns).toEqual(columns);
    expect(paged.requestCount).toBeGreaterThan(1);
    expect(single.requestCount).toBe(1);
    expect(paged.rows).toEqual(single.rows);
    expect(paged.rowCount).toBe(paged.totalRowCount);
  }, 60_000);

  it.each([...DEX_CHAINS])("every dex chain of the client's list is served: %s", async (chain) => {
    await expect(env.client().dataset("dex", [chain], { limit: 1 })).resolves.toBeDefined();
  });

  // The client keeps its own chain lists (it never imports the service). What it must guarantee is that every
  // chain the service serves passes the client's check and comes back with rows.
  it.each([...SERVICE_MARKETSHARE_CHAINS])(
    "every marketshare chain the service serves passes the client: %s",
    async (chain) => {
      expect(MARKETSHARE_CHAINS).toContain(chain);
      await expect(env.client().dataset("marketshare", ["dex", chain], { limit: 1 })).resolves.toBeDefined();
    },
  );

  it("the client's dex chains are exactly the service's", () => {
    expect([...DEX_CHAINS].sort()).toEqual([...SERVICE_DEX_CHAINS].sort());
  });

  it("names, arity and values outside the lists fail before any request", async () => {
    const client = env.client();
    await expect(client.dataset("tvl", [])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(client.dataset("dex", [])).rejects.toThrow(/takes 1 argument/);
    await expect(client.dataset("marketshare", ["dex", "mars"])).rejects.toThrow(/allowed: arbitrum/);
  });
});

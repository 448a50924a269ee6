import { DATASET_DEFINITIONS, DEX_CHAINS, MARKETSHARE_CHAINS } from "../../../src/service/datasets";
import { MARKETS } from "../../../src/service/datasets/chains";
import { TIER_NAMES } from "../../../src/service/datasets/tiers";
import { datasetByName } from "../../../src/service/datasets/registry";
import { duckdbTypeOf } from "../../../src/service/datasets/parquet-writer";
import { API_TYPE_OF, SPEC_COLUMNS, withoutRepeatedNames } from "./spec-columns";

describe("dataset definitions", () => {
  test("six datasets in spec order, with fixed query ids, routes and schedules", () => {
    expect(DATASET_DEFINITIONS.map((d) => [d.name, d.queryId, d.routePath, d.schedule])).toEqual([
      ["avs-stats", 9000001, "/v1/restaking/avs-stats", { kind: "every", minutes: 15 }],
      ["operator-metadata", 9000002, "/v1/restaking/operator-metadata", { kind: "every", minutes: 15 }],
      ["dex-pairs", 9000003, "/v1/dex/pairs/:chain", { kind: "every", minutes: 30 }],
      ["marketshare", 9000004, "/v1/marketshare/:market/:chain", { kind: "daily", hourUtc: 23, minuteUtc: 30 }],
      ["social-channels", 9000005, "/v1/social/trends/channels", { kind: "every", minutes: 30 }],
      ["social-users", 9000006, "/v1/social/trends/users", { kind: "every", minutes: 30 }],
    ]);
  });

  test.each(DATASET_DEFINITIONS.map((d) => [d.name, d] as const))(
    "%s has exactly the spec's columns, in order, with mapped types",
    (name, def) => {
      const expected = withoutRepeatedNames(SPEC_COLUMNS[name]).map(([col, t]) => ({
        name: col,
        type: API_TYPE_OF[t],
      }));
      expect(def.columns).toEqual(expected);
    },
  );

  test("the spec's repeated wow_cast is served once, in its first position", () => {
    const names = datasetByName("social-channels")!.columns.map((c) => c.name);
    expect(names.filter((n) => n === "wow_cast")).toHaveLength(1);
    expect(names.indexOf("wow_cast")).toBe(names.indexOf("casters") + 1);
    expect(names).toHaveLength(SPEC_COLUMNS["social-channels"].length - 1);
  });

  test("column names are unique in every dataset", () => {
    for (const d of DATASET_DEFINITIONS) expect(new Set(d.columns.map((c) => c.name)).size).toBe(d.columns.length);
  });

  test("every path parameter appears in the route and selects an existing column", () => {
    for (const d of DATASET_DEFINITIONS) {
      const routeParams = [...d.routePath.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(d.pathParams.map((p) => p.name)).toEqual(routeParams);
      for (const p of d.pathParams) expect(d.columns.map((c) => c.name)).toContain(p.column);
    }
  });

  test("datasetByName finds each dataset and nothing else", () => {
    for (const d of DATASET_DEFINITIONS) expect(datasetByName(d.name)).toBe(d);
    expect(datasetByName("dex")).toBeUndefined();
    expect(datasetByName("")).toBeUndefined();
  });

  test("API type names map to the DuckDB types DESCRIBE reports", () => {
    expect(
      ["varchar", "bigint", "integer", "double", "array(varchar)", "date"].map((t) => duckdbTypeOf(t as never)),
    ).toEqual(["VARCHAR", "BIGINT", "INTEGER", "DOUBLE", "VARCHAR[]", "DATE"]);
  });
});

describe("path parameter allowed lists", () => {
  test("dex chain: exactly the twelve chains of the spec, in its order", () => {
    expect(DEX_CHAINS).toEqual([
      "arbitrum",
      "base",
      "bnb",
      "celo",
      "ethereum",
      "fantom",
      "gnosis",
      "optimism",
      "polygon",
      "scroll",
      "zk_sync",
      "solana",
    ]);
    expect(datasetByName("dex-pairs")!.pathParams).toEqual([{ name: "chain", column: "chain", allowed: DEX_CHAINS }]);
  });

  test("marketshare: market in dex/nft, chain in the documented list (the dex chains and more, solana included)", () => {
    expect(MARKETS).toEqual(["dex", "nft"]);
    expect(datasetByName("marketshare")!.pathParams).toEqual([
      { name: "market", column: "market", allowed: MARKETS },
      { name: "chain", column: "blockchain", allowed: MARKETSHARE_CHAINS },
    ]);
    for (const c of DEX_CHAINS) expect(MARKETSHARE_CHAINS).toContain(c);
    expect(new Set(MARKETSHARE_CHAINS).size).toBe(MARKETSHARE_CHAINS.length);
    for (const c of MARKETSHARE_CHAINS) expect(c).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  test("tier codes 0..4 name npc, active, star, influencer, vip", () => {
    expect(TIER_NAMES).toEqual(["npc", "active", "star", "influencer", "vip"]);
  });
});

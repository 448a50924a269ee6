import { InvalidArgumentError, ServiceClient, datasetPath } from "../../src/client";
import { DEX_CHAINS, MARKETSHARE_CHAINS } from "../../src/client/catalog/chains";
import { scriptedFetch } from "./support/fetch-fakes";

describe("dataset names and arguments", () => {
  it.each([
    ["avs", [], "/v1/restaking/avs-stats"],
    ["avs-stats", [], "/v1/restaking/avs-stats"],
    ["operators", [], "/v1/restaking/operator-metadata"],
    ["operator-metadata", [], "/v1/restaking/operator-metadata"],
    ["dex", ["ethereum"], "/v1/dex/pairs/ethereum"],
    ["DEX", [" Solana "], "/v1/dex/pairs/solana"],
    ["marketshare", ["nft", "mantle"], "/v1/marketshare/nft/mantle"],
    ["marketshare", ["dex", "avalanche_c"], "/v1/marketshare/dex/avalanche_c"],
    ["channels", [], "/v1/social/trends/channels"],
    ["users", [], "/v1/social/trends/users"],
  ])("%s %j → %s", (name, args, path) => expect(datasetPath(name, args)).toBe(path));

  it.each([
    [
      "nope",
      [],
      /Unknown dataset "nope"; allowed: avs, operators, dex <chain>, marketshare <market> <chain>, channels, users/,
    ],
    ["dex", [], /takes 1 argument \(chain\); got 0/],
    ["avs", ["ethereum"], /takes 0 arguments; got 1/],
    ["marketshare", ["dex"], /takes 2 arguments \(market, chain\)/],
    ["dex", ["avalanche_c"], /Unknown chain "avalanche_c" for dataset "dex"; allowed: arbitrum, base/],
    ["marketshare", ["defi", "ethereum"], /Unknown market "defi".*allowed: dex, nft/],
    ["marketshare", ["dex", "moon"], /Unknown chain "moon".*allowed: arbitrum, avalanche_c/],
  ])("%s %j is refused with what is allowed", (name, args, message) => {
    expect(() => datasetPath(name, args)).toThrow(InvalidArgumentError);
    expect(() => datasetPath(name, args)).toThrow(message);
  });

  it("chain lists are the documented ones", () => {
    expect(DEX_CHAINS).toHaveLength(12);
    expect(MARKETSHARE_CHAINS).toHaveLength(16);
  });

  it("a bad dataset fails before any request", async () => {
    const fetch = scriptedFetch([{ status: 200, body: {} }]);
    const client = new ServiceClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1", fetch });
    await expect(client.dataset("dex", ["mars"])).rejects.toThrow(InvalidArgumentError);
    expect(() => client.pages({ dataset: "nope" })).toThrow(InvalidArgumentError);
    await expect(client.table({ dataset: "marketshare", args: ["nft"] })).rejects.toThrow(/takes 2 arguments/);
    expect(fetch.calls).toHaveLength(0);
  });
});

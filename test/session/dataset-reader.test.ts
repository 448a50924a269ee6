import type { Page } from "../../src/client";
import {
  DatasetRoutes,
  type DatasetOrigin,
  Session,
  datasetOriginText,
  isDatasetUnavailableError,
  memorySettingsStore,
  type RoutesItem,
} from "../../src/session";
import { RETIRED_KEY, retiredDatasetsApi } from "../support/retired-datasets-api";

const BASE = "http://127.0.0.1:9";
const NOW = Date.UTC(2024, 5, 1, 10, 0, 0);

function memoryItem(initial?: string): RoutesItem & { value?: string } {
  const item: RoutesItem & { value?: string } = {
    value: initial,
    get: async () => item.value,
    set: async (v) => void (item.value = v),
  };
  return item;
}

async function signedIn(api: ReturnType<typeof retiredDatasetsApi>, item = memoryItem(), baseUrl = BASE) {
  const session = new Session({
    keyStore: { get: async () => RETIRED_KEY, set: async () => undefined, clear: async () => undefined },
    settingsStore: memorySettingsStore({ baseUrl }),
    defaultBaseUrl: baseUrl,
    fetch: api.fetch,
    clientOptions: { retry: false },
    datasetRoutesItem: item,
  });
  await session.load();
  return { session, item };
}

async function readAll(
  session: Session,
  dataset: string,
  args: string[] = [],
  params = {},
): Promise<{ pages: Page[]; origin: DatasetOrigin | undefined }> {
  const read = session.readDataset({ dataset, args }, params, () => NOW);
  const pages: Page[] = [];
  for await (const page of read.pages) pages.push(page);
  return { pages, origin: read.origin() };
}

describe("a dataset whose endpoint is gone is read from its saved query", () => {
  it("endpoint up: the endpoint's rows, nothing else asked", async () => {
    const api = retiredDatasetsApi({ endpoints: "up" });
    const { session, item } = await signedIn(api);
    const { pages, origin } = await readAll(session, "dex", ["ethereum"]);
    expect(origin).toEqual({ kind: "endpoint", path: "/v1/dex/pairs/ethereum" });
    expect(pages[0]!.rows).toHaveLength(2);
    expect(api.paths()).toEqual(["/v1/dex/pairs/ethereum"]);
    expect(item.value).toBeUndefined();
  });

  it("endpoint gone (404): the real query first, then the local one, with the path argument as a filter", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "local", endedAt: "2024-06-01T09:45:00.000Z" });
    const { session } = await signedIn(api);
    const { pages, origin } = await readAll(session, "dex", ["Ethereum"], {
      filters: "token_pair = 'a' or token_pair = 'b'",
      sort_by: "usd_liquidity desc",
    });
    expect(api.paths()).toEqual(["/v1/dex/pairs/ethereum", "/v1/query/3568055/results", "/v1/query/9000003/results"]);
    const asked = api.requests[2]!.params;
    expect(asked.get("filters")).toBe("chain = 'ethereum' AND (token_pair = 'a' or token_pair = 'b')");
    expect(asked.get("sort_by")).toBe("usd_liquidity desc");
    expect(pages[0]!.rows).toHaveLength(2);
    expect(origin).toEqual({
      kind: "query",
      path: "/v1/dex/pairs/ethereum",
      queryId: 9000003,
      executionId: "01QUERY9000003",
      endedAt: "2024-06-01T09:45:00.000Z",
      goneSince: NOW,
    });
  });

  it("market share: market and chain become the market and blockchain columns", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "real" });
    const { session } = await signedIn(api);
    const { pages, origin } = await readAll(session, "marketshare", ["nft", "solana"]);
    expect(api.requests[1]!.params.get("filters")).toBe("market = 'nft' AND blockchain = 'solana'");
    expect(origin).toMatchObject({ kind: "query", queryId: 3575029 });
    expect(pages[0]!.rows).toHaveLength(2);
  });

  it("a dataset without arguments reads the whole latest result, the caller's filters as given", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "real" });
    const { session } = await signedIn(api);
    await readAll(session, "avs", [], { filters: "num_operators > 5" });
    expect(api.paths()).toEqual(["/v1/restaking/avs-stats", "/v1/query/3693850/results"]);
    expect(api.requests[1]!.params.get("filters")).toBe("num_operators > 5");
  });

  it("remembers the answering query per address, in the user's storage: the next read goes straight there", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "local" });
    const item = memoryItem();
    const first = await signedIn(api, item);
    await readAll(first.session, "channels");
    expect(JSON.parse(item.value!)).toEqual({ [BASE]: { channels: { queryId: 9000005, since: NOW } } });
    // A new runtime (the workbook reopened) reads the same storage.
    api.reset();
    const second = await signedIn(api, item);
    const { origin } = await readAll(second.session, "channels");
    expect(api.paths()).toEqual(["/v1/query/9000005/results"]);
    expect(origin).toMatchObject({ kind: "query", queryId: 9000005, goneSince: NOW });
    // Another address knows nothing of it.
    api.reset();
    const other = await signedIn(api, item, "http://127.0.0.1:10");
    await readAll(other.session, "channels");
    expect(api.paths()[0]).toBe("/v1/social/trends/channels");
  });

  it("a remembered query that stops answering sends the next read to the endpoint again", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "local" });
    const { session, item } = await signedIn(api);
    await readAll(session, "users");
    api.set({ endpoints: "up", queries: "none" });
    api.reset();
    const { origin } = await readAll(session, "users");
    expect(api.paths()).toEqual(["/v1/query/9000006/results", "/v1/social/trends/users"]);
    expect(origin).toEqual({ kind: "endpoint", path: "/v1/social/trends/users" });
    expect(JSON.parse(item.value!)).toEqual({});
  });

  it("no query can stand in: a DatasetUnavailableError naming the endpoint and the queries tried", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "none" });
    const { session } = await signedIn(api);
    const error = await readAll(session, "dex", ["base"]).catch((e: unknown) => e);
    expect(isDatasetUnavailableError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /endpoint \/v1\/dex\/pairs\/base is gone \(404\) and its saved queries \(3568055, 9000003\) could not stand in/,
    );
  });

  it("a query whose result is not shaped like the dataset is not used", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "local" });
    const inner = api.fetch;
    const { session } = await signedIn({
      ...api,
      fetch: async (url, init) => {
        if (new URL(url).pathname === "/v1/query/3568055/results") {
          const body = {
            state: "QUERY_STATE_COMPLETED",
            is_execution_finished: true,
            result: {
              metadata: { column_names: ["tx_hash"], column_types: ["varchar"], row_count: 1 },
              rows: [{ tx_hash: "0x1" }],
            },
          };
          return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
        }
        return inner(url, init);
      },
    });
    const { origin } = await readAll(session, "dex", ["ethereum"]);
    expect(origin).toMatchObject({ queryId: 9000003 });
  });

  it("arguments are checked before any request", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone" });
    const { session } = await signedIn(api);
    expect(() => session.readDataset({ dataset: "dex", args: ["mars"] })).toThrow(/Unknown chain "mars"/);
    expect(api.paths()).toEqual([]);
  });

  it("a sample of a dataset with path arguments cannot be read through its query: said before the query is asked", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone" });
    const { session } = await signedIn(api);
    await expect(readAll(session, "dex", ["ethereum"], { sample_count: 10 })).rejects.toThrow(
      /sample_count cannot be used with dataset "dex" now that its endpoint is gone.*Use limit instead/,
    );
    expect(api.paths()).toEqual(["/v1/dex/pairs/ethereum"]);
  });

  it("storage that cannot be read or holds something else counts as empty", async () => {
    const routes = new DatasetRoutes(memoryItem("{not json"));
    expect(await routes.get(BASE, "dex")).toBeUndefined();
    const odd = new DatasetRoutes(
      memoryItem(JSON.stringify({ [BASE]: { dex: { queryId: "x" }, avs: { queryId: 1, since: 2 } } })),
    );
    expect(await odd.get(BASE, "dex")).toBeUndefined();
    expect(await odd.get(BASE, "avs")).toEqual({ queryId: 1, since: 2 });
    const failing = new DatasetRoutes({
      get: () => Promise.reject(new Error("denied")),
      set: () => Promise.reject(new Error("full")),
    });
    await failing.remember(BASE, "dex", { queryId: 5, since: 1 });
    expect(await failing.get(BASE, "dex")).toEqual({ queryId: 5, since: 1 });
  });
});

describe("what the cell and the pane say about rows read through a query", () => {
  const origin = (endedAt: string | undefined, path = "/v1/dex/pairs/ethereum"): DatasetOrigin => ({
    kind: "query",
    path,
    queryId: 3568055,
    goneSince: NOW,
    ...(endedAt ? { endedAt } : {}),
  });

  it.each([
    ["the endpoint's own rows", { kind: "endpoint", path: "/v1/dex/pairs/ethereum" } as DatasetOrigin, undefined],
    [
      "a result 15 minutes old",
      origin("2024-06-01T09:45:00Z"),
      "Rows from saved query 3568055's latest result, 15 minutes old (2024-06-01 09:45 UTC): its endpoint /v1/dex/pairs/ethereum is gone.",
    ],
    [
      "a result 30 hours old (every 30 minutes: old past a day)",
      origin("2024-05-31T04:00:00Z"),
      "OLD DATA: rows from saved query 3568055's latest result, which ended 30 hours ago (2024-05-31 04:00 UTC); the query may no longer be refreshed, as its endpoint /v1/dex/pairs/ethereum is gone.",
    ],
    [
      "a daily dataset 36 hours old: not old yet",
      origin("2024-05-30T22:00:00Z", "/v1/marketshare/nft/solana"),
      "Rows from saved query 3568055's latest result, 36 hours old (2024-05-30 22:00 UTC): its endpoint /v1/marketshare/nft/solana is gone.",
    ],
    [
      "a result 12 days old",
      origin("2024-05-20T10:00:00Z", "/v1/marketshare/nft/solana"),
      "OLD DATA: rows from saved query 3568055's latest result, which ended 12 days ago (2024-05-20 10:00 UTC); the query may no longer be refreshed, as its endpoint /v1/marketshare/nft/solana is gone.",
    ],
    [
      "no end time",
      origin(undefined),
      "Rows from saved query 3568055's latest result (the service did not say how old): its endpoint /v1/dex/pairs/ethereum is gone.",
    ],
  ])("%s", (_what, given, text) => {
    expect(datasetOriginText(given, NOW)).toBe(text);
    if (text) expect(text.length).toBeLessThanOrEqual(255);
  });
});

import { CustomFunctionsError, type FunctionsMetadata } from "../../src/playground/custom-functions";
import { RETIRED_KEY, retiredDatasetsApi } from "../support/retired-datasets-api";
import { type Workbench, errorOf, generatedMetadata, matrixOf, workbench } from "./support/harness";

const BASE = "http://service.test";

describe("SERVICE.DATASET when the dataset's endpoint is gone", () => {
  let metadata: FunctionsMetadata;
  let api: ReturnType<typeof retiredDatasetsApi>;
  let bench: Workbench;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });
  const open = (errorsInSpills = true) => {
    bench = workbench(metadata, {
      baseUrl: BASE,
      apiKey: RETIRED_KEY,
      fetch: api.fetch,
      runtime: { errorsInSpills: () => errorsInSpills },
    });
  };
  beforeEach(() => {
    api = retiredDatasetsApi({ endpoints: "gone", queries: "local", endedAt: "2024-06-01T09:45:00.000Z" });
  });
  afterEach(() => bench.close());

  it("shows the query's rows, and says on the formula's cell where they came from and how old they are", async () => {
    open();
    const value = await bench.cell("DATASET", "dex", "ethereum", "columns=chain,token_pair").result();
    const [header, ...rows] = value as unknown[][];
    const note = errorOf(header![0]);
    expect(note.code).toBe("#N/A");
    expect(note.message).toBe(
      'Column "chain". Rows from saved query 9000003\'s latest result, 22 minutes old (2024-06-01 09:45 UTC): its endpoint /v1/dex/pairs/ethereum is gone.',
    );
    expect(header!.slice(1)).toEqual(["token_pair"]);
    expect(rows).toEqual([
      ["ethereum", "token_pair-1"],
      ["ethereum", "token_pair-2"],
    ]);
    expect(api.requests.at(-1)!.params.get("filters")).toBe("chain = 'ethereum'");
  });

  it("the next dataset formula goes straight to the query (remembered for this address)", async () => {
    open();
    await bench.cell("DATASET", "dex", "ethereum").result();
    api.reset();
    await bench.cell("DATASET", "dex", "base").result();
    expect(api.paths()).toEqual(["/v1/query/9000003/results"]);
  });

  it("an old result is said to be old", async () => {
    api.set({ endedAt: "2024-05-20T10:00:00.000Z" });
    open();
    const value = await bench.cell("DATASET", "avs").result();
    expect(errorOf((value as unknown[][])[0]![0]).message).toMatch(
      /^Column "avs_name"\. OLD DATA: rows from saved query 9000001's latest result, which ended 12 days ago/,
    );
  });

  it.each([
    ["source_note=false", "the header's name stays"],
    ["headers=false", "no header row to carry it"],
  ])("%s: the data only (%s)", async (option) => {
    open();
    const value = matrixOf(await bench.cell("DATASET", "users", option).result());
    expect(value.flat().some((v) => v instanceof CustomFunctionsError)).toBe(false);
  });

  it("a host without errors inside spills (CustomFunctionsRuntime 1.1) gets the data only", async () => {
    open(false);
    const value = matrixOf(await bench.cell("DATASET", "channels").result());
    expect(value[0]![0]).toBe("channel_tier_name");
  });

  it("rows from the endpoint carry no note", async () => {
    api.set({ endpoints: "up" });
    open();
    const value = matrixOf(await bench.cell("DATASET", "dex", "ethereum").result());
    expect(value[0]![0]).toBe("chain");
  });

  it("no query can stand in: #N/A saying the endpoint is gone and which queries were tried", async () => {
    api.set({ queries: "none" });
    open();
    const error = errorOf(await bench.cell("DATASET", "marketshare", "nft", "solana").result());
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(
      /endpoint \/v1\/marketshare\/nft\/solana is gone \(404\) and its saved queries \(3575029, 9000004\)/,
    );
  });
});

import { billingPlan } from "../../../src/billing";
import { ENVELOPE_BYTES, estimateExecution, estimateRead, type KnownSize } from "../../../src/relay/gateway/estimates";
import { LATEST_SIZE_TTL_MS, ResultSizes, offsetOf } from "../../../src/relay/gateway/result-sizes";
import { sizeKeyOf } from "../../../src/relay/gateway/size-probe";
import { canonicalInput } from "../../../src/relay/gateway/canonical-input";
import { API_ROUTES } from "../../../src/relay";

const EXECUTE = API_ROUTES.find((route) => route.kind === "execute")!;

const free = billingPlan("free");
const params = (query: string) => new Map(new URLSearchParams(query));

describe("a read's estimate (bytes before the envelope's 4 kB)", () => {
  test.each<[string, string, KnownSize, number]>([
    ["limit × the columns asked × 100 bytes", "limit=1000&columns=a,b", {}, 1000 * 2 * 100],
    ["limit × the columns known", "limit=1000", { columns: 7 }, 1000 * 7 * 100],
    ["limit × 32 columns when none are known", "limit=10", {}, 10 * 32 * 100],
    ["a sample: its count", "sample_count=20", { columns: 5 }, 20 * 5 * 100],
    ["no limit: what is left of a result of known size", "offset=400", { totalRows: 500, columns: 7 }, 100 * 7 * 100],
    ["a limit past what is left", "limit=1000&offset=450", { totalRows: 500, columns: 7 }, 50 * 7 * 100],
    ["past the end: the envelope alone", "offset=900", { totalRows: 500, columns: 7 }, 0],
    [
      "no limit: at most what the guard lets one request return",
      "",
      { totalRows: 1_000_000, columns: 10 },
      25_000 * 10 * 100,
    ],
    [
      "no limit, the guard lifted: what is left",
      "ignore_max_credits_per_request=true",
      { totalRows: 1_000_000, columns: 10 },
      1_000_000 * 10 * 100,
    ],
    ["no limit, size unknown: a page at the guard", "", { columns: 10 }, 25_000 * 10 * 100],
    ["a heavier learned row weight, a tenth added", "limit=100", { columns: 7, bytesPerRow: 2000 }, 100 * 2200],
    ["a light page learned never lowers the estimate", "limit=100", { columns: 7, bytesPerRow: 7 }, 100 * 700],
    [
      "the result's average row (its bytes over its rows), a tenth added",
      "sample_count=1000",
      { columns: 2, totalRows: 50_000, averageRowBytes: 85_000 },
      1000 * 93_500,
    ],
  ])("%s", (_name, query, known, bytes) => {
    const estimate = estimateRead(params(query), known, free);
    expect(estimate.bytes).toBe(bytes + ENVELOPE_BYTES);
    expect(estimate.credits).toBe(Math.ceil(((bytes + ENVELOPE_BYTES) / 1e6) * 20 * 100) / 100);
  });

  test("what a source's pages weighed is learned from full pages (the heaviest row), per source", () => {
    const sizes = new ResultSizes();
    const run = { source: "/v1/execution/E1/results|", sizeKey: "/v1/execution/E1/results", executionId: "E1" };
    expect(sizes.sized(run, 0)).toBe(false);
    sizes.noteStatus("E1", { query_id: 1002, result_metadata: { total_row_count: 500, column_names: ["a", "b"] } });
    expect(sizes.known(run, 0)).toEqual({ totalRows: 500, columns: 2 });
    expect(sizes.queryOf("E1")).toBe(1002);
    sizes.notePage(run.source, 20_000, 100);
    sizes.notePage(run.source, 15_000, 100);
    sizes.notePage(run.source, 15_000, 0);
    expect(sizes.known(run, 0)).toEqual({ totalRows: 500, columns: 2, bytesPerRow: 200 });
    expect(offsetOf("http://x/v1/execution/E1/results?offset=100&limit=100")).toBe(100);
    expect([offsetOf(undefined), offsetOf("http://x/?offset=-1"), offsetOf("::")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  test("a dataset's or a latest result's size, from a one-row page's envelope, is trusted for ten minutes", () => {
    const sizes = new ResultSizes();
    const query = params(
      "columns=token_pair&filters=x%20%3D%201&limit=20833&offset=0&ignore_max_credits_per_request=true",
    );
    const sizeKey = sizeKeyOf("/v1/dex/pairs/ethereum", query);
    // The page's own parameters are not part of it; those choosing the rows are, in one canonical form.
    expect(sizeKey).toBe("/v1/dex/pairs/ethereum?columns=token_pair&filters=x%20%3D%201");
    expect(sizeKeyOf("/v1/query/7/results/csv", params("limit=5"))).toBe("/v1/query/7/results");
    const read = { source: "/v1/dex/pairs/ethereum|token_pair", sizeKey, columns: 12 };
    expect(sizes.known(read, 0)).toEqual({ columns: 12 });
    sizes.noteEnvelope(sizeKey, { result: { metadata: { total_row_count: 5000, column_names: ["token_pair"] } } }, 0);
    expect(sizes.known(read, LATEST_SIZE_TTL_MS - 1)).toEqual({ totalRows: 5000, columns: 1 });
    expect(sizes.sized(read, LATEST_SIZE_TTL_MS)).toBe(false);
    sizes.noteEnvelope(sizeKey, { error: "not found" }, 0);
    expect(estimateRead(query, { totalRows: 5000, columns: 1 }, free).bytes).toBe(5000 * 100 + ENVELOPE_BYTES);
  });
});

describe("an execute's estimate", () => {
  test.each<[string, string | undefined, string]>([
    ["no body: the service chooses (medium)", undefined, "auto"],
    ["no tier", "{}", "auto"],
    ["free is the small tier's name on the wire", '{"performance":"free"}', "small"],
    ["large", '{"performance":"large"}', "large"],
  ])("%s", (_name, body, tier) => {
    expect(canonicalInput(EXECUTE, new Map(), body === undefined ? undefined : Buffer.from(body))).toBe(tier);
  });

  test.each<[string, Parameters<typeof estimateExecution>, number]>([
    ["the tier's price without a last cost", ["auto", undefined], 10],
    ["the last cost when dearer than the tier", ["medium", 14.5], 14.5],
    ["the tier's price when the last run cost less", ["large", 3], 20],
    ["the small tier: its price (0), never another tier's last cost", ["small", 14.5], 0],
  ])("%s", (_name, args, credits) => {
    expect(estimateExecution(...args)).toBe(credits);
  });
});

import { billingPlan } from "../../../src/billing";
import {
  ENVELOPE_BYTES,
  estimateExecution,
  estimateRead,
  requestedTier,
  type KnownSize,
} from "../../../src/relay/gateway/estimates";
import { ResultSizes, offsetOf } from "../../../src/relay/gateway/result-sizes";

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
    ["no limit, size unknown: a page at the guard", "", { columns: 10 }, 25_000 * 10 * 100],
    ["a learned row weight, a tenth added", "limit=100", { columns: 7, bytesPerRow: 200 }, 100 * 220],
    ["a limit that is not a number: as none", "limit=x", { columns: 10 }, 25_000 * 10 * 100],
  ])("%s", (_name, query, known, bytes) => {
    const estimate = estimateRead(params(query), known, free);
    expect(estimate.bytes).toBe(bytes + ENVELOPE_BYTES);
    expect(estimate.credits).toBe(Math.ceil(((bytes + ENVELOPE_BYTES) / 1e6) * 20 * 100) / 100);
  });

  test("what a source's pages weighed is learned from full pages (the heaviest row), per source", () => {
    const sizes = new ResultSizes();
    sizes.noteStatus("E1", { query_id: 1002, result_metadata: { total_row_count: 500, column_names: ["a", "b"] } });
    expect(sizes.known("/v1/execution/E1/results|", "E1")).toEqual({ totalRows: 500, columns: 2 });
    expect(sizes.queryOf("E1")).toBe(1002);
    sizes.notePage("/v1/execution/E1/results|", 20_000, 100);
    sizes.notePage("/v1/execution/E1/results|", 15_000, 100);
    sizes.notePage("/v1/execution/E1/results|", 15_000, 0);
    expect(sizes.known("/v1/execution/E1/results|", "E1")).toEqual({ totalRows: 500, columns: 2, bytesPerRow: 200 });
    expect(sizes.known("/v1/dex/pairs/ethereum|", undefined, 12)).toEqual({ columns: 12 });
    expect(offsetOf("http://x/v1/execution/E1/results?offset=100&limit=100")).toBe(100);
    expect([offsetOf(undefined), offsetOf("http://x/?offset=-1"), offsetOf("::")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("an execute's estimate", () => {
  test.each<[string, string | undefined, string]>([
    ["no body: the service chooses (medium)", undefined, "auto"],
    ["no tier", "{}", "auto"],
    ["free is the small tier's name on the wire", '{"performance":"free"}', "small"],
    ["large", '{"performance":"large"}', "large"],
    ["a tier we do not know: the dearest", '{"performance":"huge"}', "large"],
    ["a body that is not JSON (the service refuses it)", "{", "auto"],
  ])("%s", (_name, body, tier) => {
    expect(requestedTier(body === undefined ? undefined : Buffer.from(body))).toBe(tier);
  });

  test.each<[string, Parameters<typeof estimateExecution>, number]>([
    ["the tier's price without a last cost", ["auto", undefined], 10],
    ["the last cost when dearer than the tier", ["medium", 14.5], 14.5],
    ["the tier's price when the last run cost less", ["large", 3], 20],
    ["the small tier: 0 unless it cost more last time", ["small", 0.4], 0.4],
  ])("%s", (_name, args, credits) => {
    expect(estimateExecution(...args)).toBe(credits);
  });
});

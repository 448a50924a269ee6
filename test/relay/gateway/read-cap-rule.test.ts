import { billingPlan, readCredits } from "../../../src/billing";
import { capRead } from "../../../src/relay/gateway/read-cap";

/** How a read goes upstream under the team key's per-request cap, and what it is reserved at. */
const free = billingPlan("free");
const known = { totalRows: 100_000, columns: 2 };
const params = (query: string) => new Map(new URLSearchParams(query));

test("without a cap the read goes as asked, reserved at its estimate", () => {
  const read = capRead(params("limit=10&ignore_max_credits_per_request=true"), known, free, undefined);
  expect([...read.params]).toEqual([...params("limit=10&ignore_max_credits_per_request=true")]);
  expect(read.capped).toBe(false);
});

test.each([
  ["the 2026 name", "ignore_max_credits_per_request=true"],
  ["the old name", "ignore_max_datapoints_per_request=true"],
])("the guard lifted under %s is kept upstream, so the service's cap holds", (_name, lift) => {
  const read = capRead(params(`limit=10&${lift}`), known, free, 5);
  expect([...read.params.keys()]).toEqual(["limit"]);
  expect(read.capped).toBe(true);
});

test("a read estimated above the cap asks for the rows whose estimate fits, and is reserved within the cap", () => {
  // 50,000 rows of 2 values at 100 bytes each: 10 MB, 200 credits on Free; a 5-credit cap fits 250 kB.
  const read = capRead(params("offset=100&limit=50000"), known, free, 5);
  const limit = Number(read.params.get("limit"));
  expect(limit).toBeGreaterThan(0);
  expect(limit).toBeLessThan(50_000);
  expect(readCredits(limit * 200 + 4096, free)).toBeLessThanOrEqual(5);
  expect(read.params.get("offset")).toBe("100");
  expect(read.reserve).toBeLessThanOrEqual(5);
});

test("a sample is not cut (its rows are random): reserved at the cap, the service refuses it if it costs more", () => {
  const read = capRead(params("sample_count=50000"), known, free, 5);
  expect(read.params.get("sample_count")).toBe("50000");
  expect(read.params.has("limit")).toBe(false);
  expect(read.reserve).toBe(5);
});

test("a read within the cap is reserved at its estimate and goes unchanged", () => {
  const read = capRead(params("limit=10"), known, free, 5);
  expect([...read.params]).toEqual([["limit", "10"]]);
  expect(read.reserve).toBe(readCredits(10 * 200 + 4096, free));
});

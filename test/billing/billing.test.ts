import {
  BYTES_PER_MB,
  addCredits,
  billingPlan,
  bytesWithin,
  estimateExecutionCredits,
  formatCredits,
  readCredits,
  reportedExecutionCredits,
  roundUpCredits,
  subtractCredits,
} from "../../src/billing";

describe("plans: unknown counts as Free, the dearest published rate", () => {
  test.each([
    ["free", undefined, "free", 20],
    ["Analyst", undefined, "analyst", 10],
    [" plus ", undefined, "plus", 2],
    ["enterprise", 0.5, "enterprise", 0.5],
    ["enterprise", "1.25", "enterprise", 1.25],
    ["enterprise", undefined, "enterprise", 20],
    ["enterprise", -3, "enterprise", 20],
    ["premium", undefined, "free", 20],
    [undefined, undefined, "free", 20],
    [42, undefined, "free", 20],
  ])("%p (%p) → %s at %p credits per MB", (plan, rate, name, creditsPerMb) => {
    expect(billingPlan(plan, rate)).toEqual({ plan: name, creditsPerMb });
  });
});

describe("reads: bytes of the body before compression, 1 MB = 1,000,000 bytes, never rounded down", () => {
  const free = billingPlan("free");
  const plus = billingPlan("plus");
  test.each([
    [0, free, 0],
    [-5, free, 0],
    [1, free, 0.01], // 0.00002 credits counts as a whole hundredth
    [500, free, 0.01],
    [500, plus, 0.01],
    [1_000_000, free, 20],
    [1_000_000, plus, 2],
    [1_000_001, plus, 2.01],
    [2_500_000, free, 50], // the example: a 2.5 MB page, 50 credits on Free
    [123_456_789, billingPlan("analyst"), 1234.57],
    [5_000, billingPlan("analyst"), 0.05],
  ])("%p bytes on %o → %p credits", (bytes, plan, credits) => {
    expect(readCredits(bytes, plan)).toBe(credits);
  });

  test("the megabyte is one constant", () => {
    expect(BYTES_PER_MB).toBe(1_000_000);
  });

  test("bytesWithin is the inverse of readCredits: the largest body within a cap costs no more than the cap", () => {
    for (const plan of [free, plus, billingPlan("analyst"), billingPlan("enterprise", 0.7)]) {
      for (const cap of [0.01, 1, 7.5, 50, 1000]) {
        const bytes = bytesWithin(cap, plan);
        expect(readCredits(bytes, plan)).toBeLessThanOrEqual(cap);
        expect(readCredits(bytes + 1_000, plan)).toBeGreaterThan(cap);
      }
    }
    expect(bytesWithin(5, billingPlan("enterprise", 0))).toBe(Infinity);
  });
});

describe("credit arithmetic in hundredths", () => {
  test.each([
    [0.1 + 0.2, 0.3], // float noise is not rounded up
    [0.301, 0.31],
    [10, 10],
    [1e-12, 0.01],
    [Number.NaN, 0],
  ])("roundUpCredits(%p) = %p", (value, expected) => {
    expect(roundUpCredits(value)).toBe(expected);
  });

  test("a thousand reads of 0.01 add up to exactly 10", () => {
    expect(addCredits(...Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(subtractCredits(10, 0.01)).toBe(9.99);
    expect(subtractCredits(1, 2)).toBe(0);
  });

  test.each([
    [1, "1 credit"],
    [12.5, "12.5 credits"],
    [1234.567, "1,234.57 credits"],
    [0, "0 credits"],
  ])("formatCredits(%p) = %p", (credits, text) => {
    expect(formatCredits(credits)).toBe(text);
  });
});

describe("executions: the status's reported cost, else the last cost of the query, else the tier's price", () => {
  test.each([
    [{}, 10],
    [{ performance: "auto" as const }, 10],
    [{ performance: "small" as const }, 0],
    [{ performance: "medium" as const }, 10],
    [{ performance: "large" as const }, 20],
    [{ performance: "large" as const, lastCost: 3.333 }, 3.34],
    [{ performance: "medium" as const, lastCost: -1 }, 10],
  ])("estimate %o → %p", (input, credits) => {
    expect(estimateExecutionCredits(input)).toBe(credits);
  });

  test.each([
    [{ execution_cost_credits: 10 }, 10],
    [{ execution_cost_credits: 0 }, 0],
    [{ execution_cost_credits: 0.123 }, 0.13],
    [{ execution_cost_credits: "10" }, undefined],
    [{}, undefined],
  ])("reported %o → %p", (status, credits) => {
    expect(reportedExecutionCredits(status)).toBe(credits);
  });
});

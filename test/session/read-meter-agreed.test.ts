import { billingPlan } from "../../src/billing";
import type { Page } from "../../src/client";
import { ReadMeter, isOverCapError, type ReadMeterOptions } from "../../src/session";

const plan = billingPlan("free"); // 20 credits per MB: 50,000 bytes a credit

function meter(): { meter: ReadMeter; paid: (bytes: number) => void } {
  const costs = { read: () => undefined, rememberRead: () => undefined } as unknown as ReadMeterOptions["costs"];
  const m = new ReadMeter({
    plan,
    costs,
    baseUrl: "http://s",
    requestKey: "execution:01X",
    capCredits: 1000,
    where: "pane",
    preview: true,
    now: () => 0,
  });
  const onRead = m.params().onRead!;
  return {
    meter: m,
    paid: (bytes) => onRead({ method: "GET", path: "/v1/execution/01X/results", bytes, billed: true }),
  };
}

const page = (rows: number, nextOffset: number | undefined): Page =>
  ({
    columns: ["a"],
    types: ["varchar"],
    rows: Array.from({ length: rows }, () => ({ a: "x" })),
    nextOffset,
    totalRowCount: 10_000,
    partial: false,
  }) as unknown as Page;

describe("an insert held to the figure the user agreed to", () => {
  test("the figure: the rest at the heavier of the first rows (with the allowance) and the last rows", () => {
    const { meter: m, paid } = meter();
    expect(m.params().firstPageRows).toBe(100);
    paid(50_000); // 100 rows of 500 bytes: 1 credit
    m.page(page(100, 100));
    // 9,900 rows at 550 bytes (500 + 10%) = 108.9 credits, one hundredth per further request
    expect(m.ceiling()).toBeCloseTo(1 + 108.9, 1);
    // Last rows of 600 bytes: heavier than the allowance
    expect(m.ceiling({ bytes: 60_000, rows: 100 })).toBeCloseTo(1 + 118.8, 1);
  });

  test("a page after which the rest would pass it stops the read, saying so (not the cap per request)", () => {
    const { meter: m, paid } = meter();
    paid(50_000);
    m.page(page(100, 100));
    const agreed = m.ceiling()!;
    m.holdTo(agreed);
    paid(3_000_000); // 4,000 rows of 750 bytes: the rest proves far dearer
    let stopped: unknown;
    try {
      m.page(page(4_000, 4_100));
    } catch (error) {
      stopped = error;
    }
    expect(isOverCapError(stopped)).toBe(true);
    expect((stopped as Error).message).toMatch(
      new RegExp(
        `^Stopped: the rest proved dearer than the ${agreed} credits agreed to before it was read\\. This read is now about`,
      ),
    );
    expect((stopped as Error).message).toMatch(/Insert again to be asked at the new size\.$/);
  });
});

import { QUERY_BUDGET_SETTING, QueryBudget, localDay } from "../../src/functions/query-budget";
import { ManualClock } from "../support/manual-clock";

/** The daily budget of automatic runs: local days, reservations, refunds, and what the document keeps. */
describe("QueryBudget", () => {
  // 23:50 local time on 15 March 2026, whatever the machine's time zone: the budget's day is the user's day.
  const lateEvening = new Date(2026, 2, 15, 23, 50).getTime();
  let clock: ManualClock;
  let document: Map<string, unknown>;
  const settings = () => ({
    get: (n: string) => document.get(n) ?? null,
    set: (n: string, v: unknown) => void document.set(n, v),
  });
  const budget = () => new QueryBudget(settings, () => clock.now());

  beforeEach(() => {
    clock = new ManualClock(lateEvening);
    document = new Map();
  });

  it("is off by default: nothing may be spent", () => {
    expect(budget().state()).toEqual({ creditsPerDay: 0, spentToday: 0, day: "2026-03-15" });
    expect(budget().reserve(10)).toBe("budget-off");
  });

  it.each([
    // [daily budget, runs of 10 credits asked, granted]
    [20, 3, 2],
    [25, 3, 2],
    [30, 3, 3],
    [9, 1, 0],
  ])("a budget of %i credits grants %i runs of 10 credits %i times", (perDay, asked, granted) => {
    const b = budget();
    b.setCreditsPerDay(perDay);
    const answers = Array.from({ length: asked }, () => b.reserve(10));
    expect(answers.filter((a) => a === undefined)).toHaveLength(granted);
    expect(answers.slice(granted).every((a) => a === "budget-spent")).toBe(true);
    expect(b.state().spentToday).toBe(granted * 10);
  });

  it("starts again at local midnight, not before", () => {
    const b = budget();
    b.setCreditsPerDay(10);
    expect(b.reserve(10)).toBeUndefined();
    clock.advance(9 * 60_000); // 23:59
    expect(b.reserve(10)).toBe("budget-spent");
    clock.advance(60_000); // 00:00 the next day
    expect(b.state()).toEqual({ creditsPerDay: 10, spentToday: 0, day: "2026-03-16" });
    expect(b.reserve(10)).toBeUndefined();
  });

  it("a refund gives back a reservation the service never charged, on the day it was made only", () => {
    const b = budget();
    b.setCreditsPerDay(20);
    const day = b.state().day;
    b.reserve(20);
    b.refund(20, day);
    expect(b.state().spentToday).toBe(0);
    b.reserve(20);
    clock.advance(20 * 60_000); // past midnight: yesterday's reservation is not today's to give back
    b.refund(20, day);
    expect(b.state().spentToday).toBe(0);
    expect(b.reserve(20)).toBeUndefined();
    b.refund(20, day);
    expect(b.state().spentToday).toBe(20);
  });

  it("lives in the document: a new instance (the workbook reopened) sees the same budget and spending", () => {
    const first = budget();
    first.setCreditsPerDay(30);
    first.reserve(20);
    expect(document.get(QUERY_BUDGET_SETTING)).toEqual({ creditsPerDay: 30, day: "2026-03-15", spent: 20 });
    expect(budget().state()).toEqual({ creditsPerDay: 30, spentToday: 20, day: "2026-03-15" });
    expect(budget().reserve(20)).toBe("budget-spent");
  });

  it("changing the budget keeps what today's runs spent", () => {
    const b = budget();
    b.setCreditsPerDay(10);
    b.reserve(10);
    b.setCreditsPerDay(40);
    expect(b.state()).toMatchObject({ creditsPerDay: 40, spentToday: 10 });
  });

  it.each([[-1], [2.5], [Number.NaN], [Infinity]])(
    "refuses %p as a budget, with a message that says what is wanted",
    (value) => {
      expect(() => budget().setCreditsPerDay(value)).toThrow(/whole number of credits, 0 or more/);
    },
  );

  it("reads a hand-edited or older setting safely", () => {
    document.set(QUERY_BUDGET_SETTING, { creditsPerDay: "lots", spent: -5 });
    expect(budget().state()).toEqual({ creditsPerDay: 0, spentToday: 0, day: "2026-03-15" });
  });

  it("tells listeners of each change", () => {
    const b = budget();
    const heard: number[] = [];
    b.onChange(() => heard.push(b.state().spentToday));
    b.setCreditsPerDay(10);
    b.reserve(10);
    expect(heard).toEqual([0, 10]);
  });

  it("localDay is the local calendar date", () => {
    expect(localDay(new Date(2026, 0, 1, 0, 0).getTime())).toBe("2026-01-01");
    expect(localDay(new Date(2025, 11, 31, 23, 59, 59).getTime())).toBe("2025-12-31");
  });
});

import { parseDay, periodAt, periodsBetween } from "../../../src/service/credits/billing-periods";

describe("billing cycles are calendar months in UTC", () => {
  test.each([
    ["2026-01-31T23:59:59.999Z", "2026-01", "2026-01-01", "2026-02-01"],
    ["2026-02-01T00:00:00.000Z", "2026-02", "2026-02-01", "2026-03-01"],
    ["2024-02-29T12:00:00.000Z", "2024-02", "2024-02-01", "2024-03-01"],
    ["2025-12-31T23:00:00.000Z", "2025-12", "2025-12-01", "2026-01-01"],
  ])("%s is in %s (%s to %s)", (at, id, startDate, endDate) => {
    expect(periodAt(Date.parse(at))).toMatchObject({ id, startDate, endDate });
  });

  test("the periods with a day between two days, both included", () => {
    const ids = (from: string, to: string) => periodsBetween(parseDay(from)!, parseDay(to)!).map((p) => p.id);
    expect(ids("2025-11-15", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(ids("2026-03-01", "2026-03-31")).toEqual(["2026-03"]);
  });

  test.each([
    ["2026-02-28", Date.UTC(2026, 1, 28)],
    ["2026-02-29", undefined],
    ["2026-2-01", undefined],
    ["2026-01-01T00:00", undefined],
    ["", undefined],
  ])("parseDay(%j)", (text, expected) => {
    expect(parseDay(text)).toBe(expected);
  });
});

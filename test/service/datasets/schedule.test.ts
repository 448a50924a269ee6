import { refreshSlot } from "../../../src/service/datasets";
import { REFRESH_EPOCH, slotByIndex } from "../../../src/service/datasets/schedule";
import { type RefreshSchedule } from "../../../src/service/datasets/types";

const at = (iso: string): Date => new Date(iso);
const iso = (d: Date): string => d.toISOString();

describe("refreshSlot, every N minutes", () => {
  const every15: RefreshSchedule = { kind: "every", minutes: 15 };
  const every30: RefreshSchedule = { kind: "every", minutes: 30 };

  test.each([
    // [schedule, now, index, startedAt, nextAt]
    [every15, "2024-01-01T00:00:00.000Z", 0, "2024-01-01T00:00:00.000Z", "2024-01-01T00:15:00.000Z"],
    [every15, "2024-01-01T00:14:59.999Z", 0, "2024-01-01T00:00:00.000Z", "2024-01-01T00:15:00.000Z"],
    [every15, "2024-01-01T00:15:00.000Z", 1, "2024-01-01T00:15:00.000Z", "2024-01-01T00:30:00.000Z"],
    [every15, "2024-01-02T00:00:00.000Z", 96, "2024-01-02T00:00:00.000Z", "2024-01-02T00:15:00.000Z"],
    [every30, "2024-01-01T00:29:59.999Z", 0, "2024-01-01T00:00:00.000Z", "2024-01-01T00:30:00.000Z"],
    [every30, "2024-01-01T00:30:00.000Z", 1, "2024-01-01T00:30:00.000Z", "2024-01-01T01:00:00.000Z"],
    // (366 + 165) days × 48 + 27 half hours
    [every30, "2025-06-15T13:47:12.000Z", 25_515, "2025-06-15T13:30:00.000Z", "2025-06-15T14:00:00.000Z"],
    // Before the epoch the index goes negative instead of every instant sharing slot 0.
    [every30, "2023-12-31T23:59:59.000Z", -1, "2023-12-31T23:30:00.000Z", "2024-01-01T00:00:00.000Z"],
  ] as const)("%o at %s is slot %d", (schedule, now, index, startedAt, nextAt) => {
    const slot = refreshSlot(schedule, at(now));
    expect(slot.index).toBe(index);
    expect(iso(slot.startedAt)).toBe(startedAt);
    expect(iso(slot.nextAt)).toBe(nextAt);
  });
});

describe("refreshSlot, daily at 23:30 UTC", () => {
  const daily: RefreshSchedule = { kind: "daily", hourUtc: 23, minuteUtc: 30 };

  test("23:29:59 still belongs to the previous day's refresh, 23:30:00 starts a new one", () => {
    const before = refreshSlot(daily, at("2025-03-10T23:29:59.000Z"));
    const onTime = refreshSlot(daily, at("2025-03-10T23:30:00.000Z"));
    expect(iso(before.startedAt)).toBe("2025-03-09T23:30:00.000Z");
    expect(iso(before.nextAt)).toBe("2025-03-10T23:30:00.000Z");
    expect(iso(onTime.startedAt)).toBe("2025-03-10T23:30:00.000Z");
    expect(iso(onTime.nextAt)).toBe("2025-03-11T23:30:00.000Z");
    expect(onTime.index).toBe(before.index + 1);
  });

  test("slot 0 is the first 23:30 on or after the epoch", () => {
    expect(refreshSlot(daily, at("2024-01-01T23:30:00.000Z")).index).toBe(0);
    expect(refreshSlot(daily, at("2024-01-01T12:00:00.000Z")).index).toBe(-1);
    expect(refreshSlot(daily, at("2024-01-02T00:10:00.000Z")).index).toBe(0);
    expect(refreshSlot(daily, at("2025-01-01T23:30:00.000Z")).index).toBe(366); // 2024 is a leap year
  });

  test("a daily slot spans exactly 24 hours", () => {
    const slot = refreshSlot(daily, at("2025-07-01T05:00:00Z"));
    expect(slot.nextAt.getTime() - slot.startedAt.getTime()).toBe(86_400_000);
  });
});

describe("slotByIndex", () => {
  test.each([
    [{ kind: "every", minutes: 15 }],
    [{ kind: "every", minutes: 30 }],
    [{ kind: "daily", hourUtc: 23, minuteUtc: 30 }],
    [{ kind: "daily", hourUtc: 0, minuteUtc: 0 }],
  ] as [RefreshSchedule][])("is the inverse of refreshSlot for %o", (schedule) => {
    for (const index of [-3, 0, 1, 977, 35_000]) {
      const slot = slotByIndex(schedule, index);
      expect(refreshSlot(schedule, slot.startedAt)).toEqual(slot);
      expect(refreshSlot(schedule, new Date(slot.nextAt.getTime() - 1)).index).toBe(index);
    }
  });

  test("the epoch is 2024-01-01T00:00Z", () => {
    expect(new Date(REFRESH_EPOCH).toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });
});

describe("invalid schedules are refused", () => {
  test.each([
    [{ kind: "every", minutes: 0 }],
    [{ kind: "every", minutes: -5 }],
    [{ kind: "every", minutes: 7.5 }],
    [{ kind: "daily", hourUtc: 24, minuteUtc: 0 }],
    [{ kind: "daily", hourUtc: 23, minuteUtc: 60 }],
  ] as [RefreshSchedule][])("%o", (schedule) => {
    expect(() => refreshSlot(schedule, new Date())).toThrow(RangeError);
  });
});

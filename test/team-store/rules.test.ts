import { isPersonalToken } from "../../src/team-store";
import { lockOrder } from "../../src/team-store/budget-rule";
import { fairShare, newcomerRoom, pacingRuling } from "../../src/team-store/pacing-rule";
import { formatLocal, periodEnd, periodKeys, timeZone } from "../../src/team-store/periods";
import { newToken, tokenHash } from "../../src/team-store/tokens";

describe("days and months in the team's zone", () => {
  test.each([
    ["UTC", "2024-06-01T10:07:00Z", "2024-06-01", "2024-06", "2024-06-02T00:00:00Z", "2024-07-01T00:00:00Z"],
    ["UTC", "2024-12-31T23:59:59.999Z", "2024-12-31", "2024-12", "2025-01-01T00:00:00Z", "2025-01-01T00:00:00Z"],
    ["Asia/Tokyo", "2024-06-30T15:00:00Z", "2024-07-01", "2024-07", "2024-07-01T15:00:00Z", "2024-07-31T15:00:00Z"],
    [
      "America/New_York",
      "2024-06-01T03:59:00Z",
      "2024-05-31",
      "2024-05",
      "2024-06-01T04:00:00Z",
      "2024-06-01T04:00:00Z",
    ],
    // Paris goes to summer time on 2024-03-31 (02:00 → 03:00): that day lasts 23 hours.
    ["Europe/Paris", "2024-03-31T12:00:00Z", "2024-03-31", "2024-03", "2024-03-31T22:00:00Z", "2024-03-31T22:00:00Z"],
    ["Europe/Paris", "2024-10-27T00:30:00Z", "2024-10-27", "2024-10", "2024-10-27T23:00:00Z", "2024-10-31T23:00:00Z"],
    ["Asia/Kolkata", "2024-02-29T18:29:00Z", "2024-02-29", "2024-02", "2024-02-29T18:30:00Z", "2024-02-29T18:30:00Z"],
  ])("%s at %s: day %s, month %s, next day %s, next month %s", (zone, at, day, month, dayEnd, monthEnd) => {
    const t = Date.parse(at);
    expect(periodKeys(zone, t)).toEqual({ day, month });
    expect(new Date(periodEnd(zone, t, "day")).toISOString()).toBe(new Date(dayEnd).toISOString());
    expect(new Date(periodEnd(zone, t, "month")).toISOString()).toBe(new Date(monthEnd).toISOString());
    // The end is the first instant of the next period.
    expect(periodKeys(zone, periodEnd(zone, t, "day") - 1).day).toBe(day);
    expect(periodKeys(zone, periodEnd(zone, t, "day")).day).not.toBe(day);
  });

  test("zone names are checked; times are shown in the zone", () => {
    expect(timeZone(" Europe/Paris ")).toBe("Europe/Paris");
    expect(() => timeZone("Paris")).toThrow(/"Paris" is not a time zone/);
    expect(formatLocal("Europe/Paris", Date.parse("2024-03-31T22:00:00Z"))).toBe("2024-04-01 00:00 Europe/Paris");
  });
});

describe("pacing: the team's limit per window, shared fairly", () => {
  test.each([
    [1, 0, [1, 1]],
    [2, 1, [1, 1]],
    [10, 1, [9, 4, 3]],
    [40, 4, [36, 18, 12]],
    [300, 30, [270, 135, 90]],
  ])("a limit of %i keeps %i for newcomers and shares %j among 1, 2, 3 people", (limit, room, shares) => {
    expect(newcomerRoom(limit)).toBe(room);
    expect(shares.map((_, i) => fairShare(limit, i + 1))).toEqual(shares);
  });

  const at = (person: string, ...times: number[]) => times.map((t) => ({ person, at: t }));
  test.each([
    ["an empty window", "a", 100, [], { ok: true }],
    ["a person within the share", "a", 100, at("a", ...[1, 2, 3, 4, 5, 6, 7, 8]), { ok: true }],
    [
      "a person at the share alone",
      "a",
      100,
      at("a", ...[1, 2, 3, 4, 5, 6, 7, 8, 9]),
      { ok: false, retryAfterMs: 60_000 - 99 },
    ],
    ["a newcomer beside a full share", "b", 100, at("a", ...[1, 2, 3, 4, 5, 6, 7, 8, 9]), { ok: true }],
    [
      "a full window",
      "c",
      100,
      [...at("a", 1, 2, 3, 4, 5, 6, 7, 8, 9), ...at("b", 50)],
      { ok: false, retryAfterMs: 60_000 - 99 },
    ],
    [
      "grants that left the window do not count",
      "a",
      60_010,
      at("a", ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      { ok: true },
    ],
    [
      "two people: each to half of nine",
      "a",
      100,
      [...at("a", 1, 2, 3, 4), ...at("b", 5)],
      { ok: false, retryAfterMs: 60_000 - 99 },
    ],
  ] as const)("%s", (_what, person, now, grants, ruling) => {
    expect(pacingRuling({ person, now, limit: 10, windowMs: 60_000, grants })).toEqual(ruling);
  });
});

describe("personal tokens", () => {
  test("random, prefixed, 256 bits; the stored hash is SHA-256 hex", () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isPersonalToken(token)).toBe(true);
    expect(tokenHash("sgw_x")).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash("sgw_x")).toBe(tokenHash("sgw_x"));
  });

  test.each(["", "sgw_", "sgw_short", `key_${"A".repeat(43)}`, `sgw_${"A".repeat(42)}!`, `sgw_${"A".repeat(44)}`])(
    "%j is not a personal token",
    (text) => expect(isPersonalToken(text)).toBe(false),
  );
});

test("counters are locked in one order (scope, then period, byte-wise), each once", () => {
  const keys = [
    { scope: "team", period: "month:2024-06" },
    { scope: "person:bob", period: "day:2024-06-01" },
    { scope: "team", period: "day:2024-06-01" },
    { scope: "person:Ällen", period: "day:2024-06-01" },
    { scope: "team", period: "day:2024-06-01" },
  ];
  expect(lockOrder(keys).map((k) => `${k.scope} ${k.period}`)).toEqual([
    "person:bob day:2024-06-01",
    "person:Ällen day:2024-06-01",
    "team day:2024-06-01",
    "team month:2024-06",
  ]);
});

import { mergeRefreshTimes, readRefreshTimes } from "../../src/functions";

/** The setting a refresh of the workbook file records refresh times in (the add-in reads it). */
describe("the refresh-time setting", () => {
  test("unreadable entries are left out", () => {
    expect(
      readRefreshTimes({
        requests: { a: { refreshedAt: "2026-01-01T00:00:00.000Z" }, b: 3 },
        queries: { q: { refreshedAt: "2026-01-01T00:00:00.000Z" } },
      }),
    ).toEqual({ version: 1, requests: { a: { refreshedAt: "2026-01-01T00:00:00.000Z" } }, queries: {} });
    expect(readRefreshTimes("nonsense")).toEqual({ version: 1, requests: {}, queries: {} });
  });

  test("merged entry by entry, keeping only keys the workbook's cells still show", () => {
    const stored = readRefreshTimes({
      requests: { kept: { refreshedAt: "A", bytes: 5 }, gone: { refreshedAt: "A" } },
      queries: { q: { refreshedAt: "A", executionId: "1", executionCredits: 12 } },
    });
    const merged = mergeRefreshTimes(
      stored,
      { requests: { kept: { refreshedAt: "B", bytes: 7 } }, queries: { q: { refreshedAt: "B", executionId: "2" } } },
      { requests: new Set(["kept"]), queries: new Set(["q"]) },
    );
    expect(merged).toEqual({
      version: 1,
      requests: { kept: { refreshedAt: "B", bytes: 7 } },
      queries: { q: { refreshedAt: "B", executionId: "2", executionCredits: 12 } },
    });
  });
});

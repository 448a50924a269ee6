import { memorySettings, writeSettings } from "../../src/document-settings";
import { readRefreshTimes, recordRefreshTimes } from "../../src/service-cells";
import { QUERY_TIMES_INDEX_SETTING } from "../../src/service-cells/refresh-times";

/** The settings a refresh of the workbook file records refresh times in (the add-in reads them). */
describe("the refresh-time settings", () => {
  test("one setting per result plus an index; entries this version cannot read are left out and kept", async () => {
    const bag = memorySettings();
    bag.set("service.requestRefreshIndex", ["a", "b"]);
    bag.set("service.requestRefresh.a", { refreshedAt: "2026-01-01T00:00:00.000Z" });
    bag.set("service.requestRefresh.b", 3);
    bag.set(QUERY_TIMES_INDEX_SETTING, ["q"]);
    bag.set("service.queryRefresh.q", { refreshedAt: "2026-01-01T00:00:00.000Z" });
    expect(readRefreshTimes(bag)).toEqual({
      requests: { a: { refreshedAt: "2026-01-01T00:00:00.000Z" } },
      queries: {},
    });
    await writeSettings(bag, recordRefreshTimes({ requests: { c: { refreshedAt: "B" } } }));
    expect(bag.get("service.requestRefresh.b")).toBe(3);
    expect(bag.get("service.requestRefreshIndex")).toEqual(["a", "b", "c"]);
  });

  test("recorded entry by entry; with the live keys, the others are removed", async () => {
    const bag = memorySettings();
    await writeSettings(
      bag,
      recordRefreshTimes({
        requests: { kept: { refreshedAt: "A", bytes: 5 }, gone: { refreshedAt: "A" } },
        queries: { q: { refreshedAt: "A", executionId: "1", executionCredits: 12 } },
      }),
    );
    await writeSettings(
      bag,
      recordRefreshTimes(
        { requests: { kept: { refreshedAt: "B", bytes: 7 } }, queries: { q: { refreshedAt: "B", executionId: "2" } } },
        { requests: new Set(["kept"]), queries: new Set(["q"]) },
      ),
    );
    expect(readRefreshTimes(bag)).toEqual({
      requests: { kept: { refreshedAt: "B", bytes: 7 } },
      queries: { q: { refreshedAt: "B", executionId: "2", executionCredits: 12 } },
    });
    expect(bag.get("service.requestRefresh.gone")).toBeNull();
    expect(bag.get("service.requestRefreshIndex")).toEqual(["kept"]);
  });
});

import { OfficeMockObject } from "office-addin-mock";
import { listBindings, saveBinding } from "../../src/excel";
import { createWorkbook } from "../../src/playground/workbook";
import { setSharedSession } from "../../src/session";
import { documentSettings, defaultPaneDeps, runOpenBehaviourOnce } from "../../src/taskpane/boot";
import { OPEN_BEHAVIOUR_SETTING } from "../../src/taskpane/logic/open-behaviour";
import { HISTORY_ITEM, userItem } from "../../src/taskpane/logic/user-item";

type Scope = { Office?: unknown; OfficeRuntime?: unknown };
const scope = globalThis as Scope;

afterEach(() => {
  delete scope.Office;
  delete scope.OfficeRuntime;
  setSharedSession(undefined);
});

describe("the pane's Office glue", () => {
  test("Office.addin.setStartupBehavior is reached with Office.StartupBehavior's values; absent, there is none", async () => {
    const told: unknown[] = [];
    scope.Office = {
      StartupBehavior: { none: "None", load: "Load" },
      addin: { setStartupBehavior: async (b: unknown) => void told.push(b) },
    };
    await defaultPaneDeps().addin!.setStartupBehavior("Load");
    await defaultPaneDeps().addin!.setStartupBehavior("None");
    expect(told).toEqual(["Load", "None"]);
    scope.Office = {};
    expect(defaultPaneDeps().addin).toBeUndefined();
  });

  test("the open behaviour runs once per shared runtime, however often the entry asks", async () => {
    const wb = createWorkbook();
    wb.Office.context.document.settings.set(OPEN_BEHAVIOUR_SETTING, "refresh");
    const told: string[] = [];
    let refreshes = 0;
    const deps = {
      settings: wb.Office.context.document.settings,
      refreshFunctions: async () => void refreshes++,
      refreshPlan: () => [],
      addin: { setStartupBehavior: async (b: "Load" | "None") => void told.push(b) },
      queryReport: undefined,
    };
    try {
      const first = runOpenBehaviourOnce(deps);
      expect(runOpenBehaviourOnce(deps)).toBe(first);
      expect(await first).toEqual({ behaviour: "refresh", refreshed: true });
      expect([told, refreshes]).toEqual([["Load"], 1]);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("service-addin.on-open")];
    }
  });

  test("document settings are reached through the Office global at call time (office-addin-mock)", async () => {
    const saved: string[] = [];
    const store = new Map<string, unknown>();
    scope.Office = new OfficeMockObject({
      context: {
        document: {
          settings: {
            get: (name: string) => store.get(name) ?? null,
            set: (name: string, value: unknown) => void store.set(name, value),
            remove: (name: string) => void store.delete(name),
            saveAsync: (callback: (r: { status: string; error?: unknown }) => void) => {
              saved.push(JSON.stringify([...store]));
              callback({ status: "succeeded" });
            },
          },
        },
      },
    });
    const binding = {
      kind: "dataset" as const,
      id: "avs",
      tableName: "Avs",
      sheet: "Sheet1",
      address: "Sheet1!A1:B2",
      insertedAt: "2026-01-01T00:00:00Z",
    };
    await saveBinding(documentSettings, binding, { now: Date.parse("2026-01-02T00:00:00Z") });
    expect(listBindings(documentSettings)).toEqual([binding]);
    expect(saved).toHaveLength(1);

    // Swapping the global (the playground installs its emulation) is seen by the same adapter.
    const wb = createWorkbook();
    scope.Office = wb.Office;
    expect(listBindings(documentSettings)).toEqual([]);
    await saveBinding(documentSettings, binding, { now: Date.parse("2026-01-02T00:00:00Z") });
    wb.reopen();
    expect(listBindings(wb.Office.context.document.settings)).toEqual([binding]);
  });

  test("a failed settings save is reported with Office's message", async () => {
    scope.Office = new OfficeMockObject({
      context: {
        document: {
          settings: {
            get: () => null,
            set: () => undefined,
            remove: () => undefined,
            saveAsync: (callback: (r: { status: string; error?: { message: string } }) => void) =>
              callback({ status: "failed", error: { message: "document is read-only" } }),
          },
        },
      },
    });
    await expect(
      saveBinding(
        documentSettings,
        {
          kind: "query",
          id: 1,
          tableName: "T",
          sheet: "S",
          address: "S!A1:A2",
          insertedAt: "x",
        },
        { now: Date.parse("2026-01-02T00:00:00Z") },
      ),
    ).rejects.toThrow(/document is read-only/);
  });

  test("history lives in OfficeRuntime.storage, under the partition key, next to (never in) the session's items", async () => {
    const wb = createWorkbook();
    const item = userItem(HISTORY_ITEM, { officeRuntimeStorage: wb.OfficeRuntime.storage, partitionKey: "tenant-7" });
    await item.set("[]");
    expect(await wb.OfficeRuntime.storage.getKeys()).toEqual(["tenant-7::service-addin.history"]);
    expect(await item.get()).toBe("[]");
  });

  test("defaultPaneDeps builds on the shared session and the globals", async () => {
    const wb = createWorkbook();
    scope.Office = wb.Office;
    scope.OfficeRuntime = wb.OfficeRuntime;
    const deps = defaultPaneDeps();
    expect(deps.session.signedIn).toBe(false);
    await deps.ready;
    await deps.historyItem.set("[1]");
    expect(await wb.OfficeRuntime.storage.getItem(HISTORY_ITEM)).toBe("[1]");
    expect(typeof deps.refreshFunctions).toBe("function");
  });
});

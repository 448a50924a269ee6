import { OfficeMockObject } from "office-addin-mock";
import { listBindings } from "../../src/excel";
import { refreshAllCommand, type CommandEvent } from "../../src/commands/refresh-command";
import { InsertController, type RefreshAllResult } from "../../src/taskpane";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "../taskpane/support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

function commandEvent(): CommandEvent & { completions: number } {
  const event = { completions: 0, completed: () => void event.completions++ };
  return event;
}

describe("ribbon Refresh All", () => {
  test("commands.ts associates refreshAll on Office.onReady (office-addin-mock)", async () => {
    const associated: Record<string, unknown> = {};
    const office = new OfficeMockObject({
      actions: { associate: (id: string, fn: unknown) => void (associated[id] = fn) },
      onReady: async (callback?: () => void) => callback?.(),
    });
    (globalThis as { Office?: unknown }).Office = office;
    try {
      const { REFRESH_ALL_ACTION } = await import("../../src/commands/commands");
      await Promise.resolve();
      expect(REFRESH_ALL_ACTION).toBe("refreshAll");
      expect(typeof associated.refreshAll).toBe("function");
    } finally {
      delete (globalThis as { Office?: unknown }).Office;
    }
  });

  test("refreshes the cells, then the bound tables with their latest result, without spending credits", async () => {
    const calls: string[] = [];
    const pane = await testPane(service.url, {
      apiKey: TEST_KEYS.demo,
      refreshFunctions: async () => void calls.push("cells"),
    });
    const run = await pane.session.client().run(1001, { parameters: { days: "5" } });
    await new InsertController(pane.deps).insert(
      {
        kind: "execution",
        executionId: run.executionId,
        queryId: 1001,
        parameters: { days: "5" },
        performance: "medium",
      },
      { destination: "selection", asTable: true, headers: true },
    );
    await pane.session.client().run(1001, { parameters: { days: "9" } });
    const credits = pane.session.usage.snapshot().creditsSpent;
    const results: RefreshAllResult[] = [];
    const event = commandEvent();
    await refreshAllCommand(() => pane.deps, {
      ready: async () => void calls.push("ready"),
      onDone: (r) => results.push(r),
    })(event);
    expect(event.completions).toBe(1);
    expect(calls).toEqual(["ready", "cells"]);
    expect(results[0]!.tables).toEqual([expect.objectContaining({ status: "refreshed", rows: 9 })]);
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D10");
    expect(listBindings(pane.deps.settings)[0]!.refreshedAt).toEqual(expect.any(String));
    expect(pane.session.usage.snapshot().creditsSpent).toBe(credits);
  });

  test.each([
    [
      "deps cannot be built",
      () => {
        throw new Error("no Office");
      },
      undefined,
    ],
    [
      "the session cannot be read",
      undefined,
      async () => {
        throw new Error("storage");
      },
    ],
  ])("completes the event even when %s", async (_name, badDeps, ready) => {
    const pane = await testPane(service.url);
    const event = commandEvent();
    await refreshAllCommand(badDeps ?? (() => pane.deps), { ready })(event);
    expect(event.completions).toBe(1);
  });

  test("signed out: tables report how to sign in, and the event completes", async () => {
    const pane = await testPane(service.url);
    pane.deps.settings.set("service.tableBindings", {
      version: 1,
      bindings: [
        {
          kind: "query",
          id: 1002,
          tableName: "T",
          sheet: "Sheet1",
          address: "Sheet1!A1:B2",
          insertedAt: "2026-01-01T00:00:00Z",
        },
      ],
    });
    const results: RefreshAllResult[] = [];
    const event = commandEvent();
    await refreshAllCommand(() => pane.deps, { onDone: (r) => results.push(r) })(event);
    expect(event.completions).toBe(1);
    expect(results[0]!.tables[0]!.message).toBe("T: Sign in first: enter your API key under Account.");
  });
});

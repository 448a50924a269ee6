import { OfficeMockObject } from "office-addin-mock";
import { listBindings } from "../../src/excel";
import { refreshAllCommand, type CommandEvent } from "../../src/commands/refresh-command";
import { InsertController, type RefreshAllResult, refreshSummary } from "../../src/taskpane";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "../taskpane/support/pane-deps";
import { FunctionsRuntime, setAutomaticBudget, setFunctionsRuntime } from "../../src/functions";

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

  afterEach(() => setFunctionsRuntime(undefined));

  /** A pane and the workbook's functions runtime (its automatic budget), as in Excel's shared runtime. */
  async function paneWithFunctions(refreshFunctions?: () => Promise<unknown>) {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, refreshFunctions });
    setFunctionsRuntime(new FunctionsRuntime({ session: pane.session, runSettings: () => pane.deps.settings }));
    return pane;
  }

  test("with a budget: the cells, then the bound tables with their latest result, within it (never a new run)", async () => {
    const calls: string[] = [];
    const pane = await paneWithFunctions(async () => void calls.push("cells"));
    setAutomaticBudget(5);
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
    // No run: only the read, at its size on the user's plan, and counted against the workbook's automatic budget.
    const usage = pane.session.usage.snapshot();
    expect(usage.executions).toBe(2);
    expect(usage.creditsSpent).toBeGreaterThan(credits);
    expect(usage.creditsSpent - credits).toBeLessThan(0.5);
  });

  test("with no budget (the default) nothing that costs is fetched, and the outcome says what was skipped and why", async () => {
    const pane = await paneWithFunctions();
    const run = await pane.session.client().run(1002);
    await new InsertController(pane.deps).insert(
      { kind: "execution", executionId: run.executionId, queryId: 1002, performance: "medium" },
      { destination: "selection", asTable: true, headers: true },
    );
    const requests = pane.session.usage.snapshot().requests;
    const results: RefreshAllResult[] = [];
    await refreshAllCommand(() => pane.deps, { onDone: (r) => results.push(r) })(commandEvent());
    expect(pane.session.usage.snapshot().requests).toBe(requests);
    expect(results[0]!.tables).toEqual([
      expect.objectContaining({
        status: "skipped",
        message: expect.stringMatching(
          /^Query_1002: not refreshed: about \d+(\.\d+)? credits, and the workbook has no daily budget for automatic refreshes/,
        ),
      }),
    ]);
    expect(refreshSummary(results[0]!)).toMatch(/0 of 1 table refreshed; skipped Query_1002: not refreshed/);
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

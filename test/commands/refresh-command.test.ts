import { OfficeMockObject } from "office-addin-mock";
import { refreshAllCommand, type CommandEvent } from "../../src/commands/refresh-command";

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

  test("the click asks the pane, then shows it; it fetches nothing itself and reports nothing as done", async () => {
    const calls: string[] = [];
    const event = commandEvent();
    await refreshAllCommand({
      ready: async () => void calls.push("ready"),
      request: () => void calls.push("request"),
      showPane: async () => void calls.push("showAsTaskpane"),
    })(event);
    expect(calls).toEqual(["ready", "request", "showAsTaskpane"]);
    expect(event.completions).toBe(1);
  });

  test.each([
    ["the session cannot be read", { ready: () => Promise.reject(new Error("storage")) }],
    ["the pane cannot be shown from here", { showPane: () => Promise.reject(new Error("SharedRuntime 1.1")) }],
  ])("completes the event even when %s", async (_name, failing) => {
    const event = commandEvent();
    await refreshAllCommand({ request: () => undefined, showPane: async () => undefined, ...failing })(event);
    expect(event.completions).toBe(1);
  });
});

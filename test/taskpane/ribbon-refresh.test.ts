import { FunctionsRuntime, setFunctionsRuntime } from "../../src/functions";
import { InsertController, requestRibbonRefresh } from "../../src/taskpane";
import { RefreshController } from "../../src/taskpane/logic/refresh-controller";
import type { RefreshPlan } from "../../src/taskpane/logic/refresh-plan";
import { onRibbonRefreshRequest } from "../../src/taskpane/logic/ribbon-refresh";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

/**
 * The ribbon's Refresh All is the pane's: the click reaches the pane (open, or opening), which shows its priced
 * confirmation and refreshes on yes, whatever the automatic budget; nothing is reported done for nothing.
 */
describe("the ribbon's click in the pane", () => {
  afterEach(() => setFunctionsRuntime(undefined));

  /** A pane and the workbook's functions runtime (its automatic budget), as in Excel's shared runtime. */
  async function paneWithFunctions() {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    setFunctionsRuntime(new FunctionsRuntime({ session: pane.session, runSettings: () => pane.deps.settings }));
    return pane;
  }

  test("a click before the pane listens waits for it; a pane listening takes each click at once", () => {
    const heard: string[] = [];
    requestRibbonRefresh();
    const stop = onRibbonRefreshRequest(() => heard.push("click"));
    expect(heard).toEqual(["click"]);
    requestRibbonRefresh();
    expect(heard).toEqual(["click", "click"]);
    stop();
    requestRibbonRefresh();
    expect(heard).toHaveLength(2);
    // The click no pane took is the next pane's, once.
    const next: string[] = [];
    onRibbonRefreshRequest(() => next.push("click"))();
    expect(next).toEqual(["click"]);
  });

  test("without an automatic budget (a new workbook) the click is the pane's priced confirmation, and yes refreshes", async () => {
    const pane = await paneWithFunctions();
    const run = await pane.session.client().run(1002);
    await new InsertController(pane.deps).insert(
      { kind: "execution", executionId: run.executionId, queryId: 1002, performance: "medium" },
      { destination: "selection", asTable: true, headers: true },
    );
    const requests = pane.session.usage.snapshot().requests;
    const asked: RefreshPlan[] = [];
    const refresh = new RefreshController(pane.deps, async (plan) => (asked.push(plan), true));
    // What mount-taskpane wires: the ribbon's click runs the pane's Refresh All.
    const done: Promise<unknown>[] = [];
    const stop = onRibbonRefreshRequest(() => void done.push(refresh.refresh("latest")));
    try {
      requestRibbonRefresh(); // what the ribbon command does before it shows the pane
      await Promise.all(done);
    } finally {
      stop();
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]!.total).toBeGreaterThan(0);
    expect(refresh.store.state.outcomes).toEqual([expect.objectContaining({ status: "refreshed" })]);
    expect(pane.session.usage.snapshot().requests).toBeGreaterThan(requests);
  });

  test("a workbook with nothing to refresh says so, not that it is done", async () => {
    const pane = await paneWithFunctions();
    const refresh = new RefreshController(pane.deps, async () => {
      throw new Error("nothing to ask about");
    });
    const end = await refresh.refresh("latest");
    expect(end.message).toBe("Nothing to refresh: this workbook has no SERVICE cells or bound tables yet.");
    expect(end.message).not.toMatch(/done|refreshed\./i);
  });
});

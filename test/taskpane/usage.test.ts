import { readCredits, billingPlan, addCredits } from "../../src/billing";
import { localDay, memoryStringItem } from "../../src/session";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { RunController } from "../../src/taskpane/logic/run-controller";
import { LEGACY_USAGE_SETTING, UsageController } from "../../src/taskpane/logic/usage-controller";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ billing: { demo: { plan: "free" } } });
});
afterAll(() => service.close());

describe("usage", () => {
  test("credits for reads and for runs, per session and per workbook and day, kept for the user, never in the file", async () => {
    const spending = memoryStringItem();
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, spendingItem: spending });
    pane.session.useWorkbook(() => "wb-usage");
    pane.deps.settings.set(LEGACY_USAGE_SETTING, { creditsSpent: 20, executions: 1, datapointsFetched: 5 });
    const usage = new UsageController(pane.deps);
    const stop = usage.start();
    const run = new RunController(pane.deps, new HistoryStore(pane.deps.historyItem));
    const end = await run.run({ queryId: 1002, parameters: {}, performance: "large" });
    const reads: number[] = [];
    pane.session.usage.onChange((u) => reads.push(u.readBytes));
    await new InsertController(pane.deps).insert(
      { kind: "execution", executionId: end.executionId!, queryId: 1002 },
      { destination: "selection", asTable: false, headers: true },
    );
    const session = usage.store.state.session;
    expect(session).toMatchObject({ executions: 1, executionCredits: 20, datapointsFetched: 3_500 });
    // Each request is billed on its own, rounded up to the hundredth: the insert's probe page and the rest.
    const whole = readCredits(session.readBytes, billingPlan("free"));
    expect(session.readCredits).toBeGreaterThanOrEqual(whole);
    expect(session.readCredits).toBeLessThanOrEqual(whole + 0.02);
    expect(session.readCredits).toBeGreaterThan(0);
    const today = localDay(Date.now());
    expect(usage.store.state.workbook).toMatchObject({
      id: "wb-usage",
      today: { reads: session.readCredits, executions: 20, automaticReads: 0, automaticExecutions: 0 },
      days: [{ day: today, spending: expect.objectContaining({ executions: 20 }) }],
    });
    // What the person spent is not the file's: the old per-workbook totals leave the document.
    expect(pane.deps.settings.get(LEGACY_USAGE_SETTING)).toBeNull();
    stop();

    // A reload (a new session) of the same user in the same workbook: the workbook's day is still there.
    await pane.session.ledger.flush();
    const later = await testPane(service.url, { apiKey: TEST_KEYS.demo, spendingItem: spending });
    later.session.useWorkbook(() => "wb-usage");
    const laterUsage = new UsageController(later.deps);
    laterUsage.start();
    await later.session.client().run(1002);
    expect(laterUsage.store.state.session.executionCredits).toBe(10);
    expect(laterUsage.store.state.workbook!.today.executions).toBe(30);
  });

  test("the service's own count beside ours since the pane started, and the difference", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const usage = new UsageController(pane.deps);
    usage.start();
    await usage.compare(); // the first answer is where counting starts (start() asked too: the later one counts)
    const run = await pane.session.client().run(1002);
    await pane.session.client().table({ executionId: run.executionId });
    await usage.compare();
    const c = usage.store.state.comparison!;
    expect(c.ours).toBe(addCredits(10, pane.session.usage.snapshot().readCredits));
    expect(c.service).toBe(c.ours);
    expect(c.difference).toBe(0);
    expect(usage.store.state.comparisonMessage).toBe("The service's count and ours agree.");
  });
});

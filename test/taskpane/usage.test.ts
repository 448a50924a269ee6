import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { RunController } from "../../src/taskpane/logic/run-controller";
import { USAGE_SETTING, UsageController } from "../../src/taskpane/logic/usage-controller";
import { Session, createKeyStore } from "../../src/session";
import { ManualClock } from "../support/manual-clock";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { SharedDocument } from "../support/shared-document";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe("usage", () => {
  test("credits and datapoints per session and per workbook; the workbook's survive reopening", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const usage = new UsageController(pane.deps);
    usage.start();
    const run = new RunController(pane.deps, new HistoryStore(pane.deps.historyItem));
    const end = await run.run({ queryId: 1002, parameters: {}, performance: "large" });
    await new InsertController(pane.deps).insert(
      { kind: "execution", executionId: end.executionId!, queryId: 1002 },
      { destination: "selection", asTable: false, headers: true },
    );
    await usage.flush();
    expect(usage.store.state.session).toMatchObject({ creditsSpent: 20, executions: 1, datapointsFetched: 3_500 });
    expect(usage.store.state.workbook).toMatchObject({ creditsSpent: 20, executions: 1, datapointsFetched: 3_500 });

    pane.wb.reopen();
    expect(pane.deps.settings.get(USAGE_SETTING)).toMatchObject({ creditsSpent: 20, datapointsFetched: 3_500 });
    expect(JSON.stringify(pane.deps.settings.get(USAGE_SETTING))).not.toContain(TEST_KEYS.demo);

    // A later session in the same workbook adds to the workbook's totals; its own start at zero.
    const later = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const laterUsage = new UsageController({ ...later.deps, settings: pane.deps.settings });
    laterUsage.start();
    await later.session.client().run(1002);
    await laterUsage.flush();
    expect(laterUsage.store.state.session.creditsSpent).toBe(10);
    expect(laterUsage.store.state.workbook.creditsSpent).toBe(30);
  });

  test("mounting the pane twice on one session does not count twice; reset starts the workbook from zero", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    await pane.session.client().run(1002);
    const first = new UsageController(pane.deps);
    first.start();
    const second = new UsageController(pane.deps);
    second.start();
    await first.flush();
    await second.flush();
    expect(second.store.state.workbook.creditsSpent).toBe(10);
    await second.resetWorkbook();
    pane.wb.reopen();
    expect(pane.deps.settings.get(USAGE_SETTING)).toMatchObject({
      creditsSpent: 0,
      executions: 0,
      datapointsFetched: 0,
    });
  });
});

describe("the workbook's usage with two sessions of one workbook (co-authors)", () => {
  test("each session's spending is added to what the document holds, not written over a co-author's", async () => {
    const doc = new SharedDocument();
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    const session = () => new Session({ keyStore: createKeyStore({}), defaultBaseUrl: "http://service.test" });
    const [one, two] = [session(), session()];
    const a = new UsageController({ session: one, settings: doc.open("A"), clock });
    const b = new UsageController({ session: two, settings: doc.open("B"), clock });
    a.start();
    b.start();
    // Both opened the file before either spent anything; A's spending is saved, then B's (B's copy is older).
    one.usage.recordExecution("medium"); // 10 credits
    one.usage.recordDatapoints(500);
    await doc.drain();
    await a.flush();
    two.usage.recordExecution("large"); // 20 credits
    await doc.drain();
    await b.flush();
    expect(doc.saved[USAGE_SETTING]).toMatchObject({ creditsSpent: 30, executions: 2, datapointsFetched: 500 });
    expect(b.store.state.workbook.creditsSpent).toBe(30);
    one.usage.recordDatapoints(100);
    await doc.drain();
    await a.flush();
    expect(a.store.state.workbook).toMatchObject({ creditsSpent: 30, datapointsFetched: 600 });
  });
});

import type { FetchLike } from "../../src/client";
import type { AutomaticRunEvent } from "../../src/functions";
import { setFunctionsRuntime } from "../../src/functions/shared-runtime";
import { localDay } from "../../src/session";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { MemoryResultStore, type ResultStore } from "../../src/functions/result-store";
import { type TestService, startTestService } from "../support/service";
import {
  TestDocument,
  TestUser,
  type Workbench,
  errorOf,
  executesSent,
  generatedMetadata,
  matrixOf,
  waitFor,
  workbench,
} from "./support/harness";

/**
 * `run=on_change` against the real local service: a cell runs its query when its inputs change, only within the
 * workbook's daily credit budget (kept in the document), never twice at once for one parameter set, and never when
 * it is entered, recalculated or loaded. Every case counts the service's execute requests.
 */
describe("SERVICE.QUERY with run=on_change", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  let document: TestDocument;
  let user: TestUser;
  /** The user's kept results, which outlive a reopened workbook (IndexedDB in Excel). */
  let kept: Promise<ResultStore>;
  const executes = () => executesSent(bench);
  const open = (doc = document) =>
    workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      runtime: { runSettings: doc.settings, resultStore: kept },
      user,
    });

  /** What Excel does when an input of the formula in `address` changes: cancel, then call with the new inputs. */
  function change(old: { cancel(): void }, address: string, symbol: string, ...more: unknown[]) {
    old.cancel();
    return bench.cellAt(address, "QUERY", 1001, "symbol", symbol, "run=on_change", "limit=2", ...more);
  }

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    document = new TestDocument();
    user = new TestUser();
    kept = Promise.resolve(new MemoryResultStore({ reason: "test", now: () => Date.now() }));
    bench = open();
  });
  afterEach(() => bench.close());

  it("entering, re-entering or recalculating the formula runs nothing, whatever the budget", async () => {
    bench.runtime.queries.setBudget(100);
    const first = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change");
    expect(errorOf(await first.result()).message).toBe(
      "Not run with these inputs yet (symbol=WETH): run it from the Service pane (an estimated 10 credits)",
    );
    // Re-entered (or recalculated by Excel) with the same inputs: a new invocation at the same address.
    first.cancel();
    errorOf(await bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change").result());
    expect(executes()).toBe(0);
  });

  it("with the default budget (0) a changed input runs nothing and the cell says how to allow it", async () => {
    const cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    const changed = change(cell, "Sheet1!A3", "WBTC");
    const error = errorOf(await changed.result());
    expect(error.code).toBe("#N/A");
    expect(error.message).toBe(
      "Not run (symbol=WBTC): automatic runs need a daily credit budget; set one in the Service pane's Report tab, or run it from there (an estimated 10 credits)",
    );
    expect(executes()).toBe(0);
  });

  it("a budget of 20 credits: two changes run (the cell fills), the third is refused with how to raise it", async () => {
    bench.runtime.queries.setBudget(20);
    let cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    for (const symbol of ["WBTC", "UNI"]) {
      cell = change(cell, "Sheet1!A3", symbol);
      expect(errorOf(await cell.result()).message).toBe(
        `Running with these inputs now (symbol=${symbol}): the result appears here when it completes`,
      );
      await waitFor(() => Array.isArray(cell.latest), `${symbol} to fill`);
      expect(matrixOf(cell.latest)[1]).toContain(symbol);
    }
    expect(executes()).toBe(2);
    cell = change(cell, "Sheet1!A3", "LINK");
    expect(errorOf(await cell.result()).message).toBe(
      "Not run (symbol=LINK): today's budget for automatic runs and refreshes has no room for it (20 of 20 credits spent); raise it in the Service pane's Report tab, or run it from there (an estimated 10 credits)",
    );
    // Back to inputs that have a current run: shown, nothing run.
    cell = change(cell, "Sheet1!A3", "WBTC");
    await waitFor(() => Array.isArray(cell.latest), "WBTC to show again");
    expect(executes()).toBe(2);
    expect(bench.runtime.queries.budgetState()).toMatchObject({ creditsPerDay: 20, spentToday: 20 });
  });

  it("raising the budget runs nothing the old budget held: the cell says how to run it; its next change runs", async () => {
    bench.runtime.queries.setBudget(5);
    const cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    const changed = change(cell, "Sheet1!A3", "PEPE");
    expect(errorOf(await changed.result()).message).toMatch(/has no room for it \(0 of 5 credits spent\)/);
    bench.runtime.queries.setBudget(10);
    // A deliberate act, but not a click on "run": held work waits for the pane (Run, Refresh All).
    await waitFor(
      () => (errorOf(changed.latest).message ?? "").startsWith("Not run with these inputs yet"),
      "the new message",
    );
    expect(errorOf(changed.latest).message).toBe(
      "Not run with these inputs yet (symbol=PEPE): run it from the Service pane (an estimated 10 credits)",
    );
    expect(executes()).toBe(0);
    // The user's next change of inputs is automatic work the raised budget now has room for.
    const again = change(changed, "Sheet1!A3", "WBTC");
    await waitFor(() => Array.isArray(again.latest), "WBTC to fill");
    expect(executes()).toBe(1);
  });

  it("two cells changing to the same inputs at once: one execute, both cells fill", async () => {
    bench.runtime.queries.setBudget(100);
    const a = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    const b = bench.cellAt("Sheet2!C9", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=3");
    await Promise.all([a.result(), b.result()]);
    const a2 = change(a, "Sheet1!A3", "ARB");
    b.cancel();
    const b2 = bench.cellAt("Sheet2!C9", "QUERY", 1001, "symbol", "ARB", "run=on_change", "limit=3");
    await waitFor(() => Array.isArray(a2.latest) && Array.isArray(b2.latest), "both cells to fill");
    expect(matrixOf(b2.latest)).toHaveLength(4);
    expect(executes()).toBe(1);
    expect(bench.runtime.queries.budgetState().spentToday).toBe(10);
  });

  it("a cell without run=on_change never runs when its inputs change, even with a budget", async () => {
    bench.runtime.queries.setBudget(100);
    let cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH");
    errorOf(await cell.result());
    cell.cancel();
    cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WBTC");
    expect(errorOf(await cell.result()).message).toMatch(/^Not run with these inputs yet \(symbol=WBTC\)/);
    expect(executes()).toBe(0);
  });

  it("the limit is the workbook's, today's spending the user's: reopened (unsaved too), the budget is still spent; the next local day it runs", async () => {
    bench.runtime.queries.setBudget(10);
    let cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    cell = change(cell, "Sheet1!A3", "USDC");
    await waitFor(() => Array.isArray(cell.latest), "USDC to fill");
    expect(document.values.get("service.automaticBudget")).toEqual({ creditsPerDay: 10 });
    await bench.session.ledger.flush();
    expect(JSON.stringify([...document.values.values()])).not.toMatch(/spent/);

    bench.close();
    bench = open(); // the workbook reopened: a new runtime, the same document and user
    const now = bench.clock.now();
    cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "USDC", "run=on_change", "limit=2");
    await waitFor(() => Array.isArray(cell.latest), "the remembered run to show");
    cell = change(cell, "Sheet1!A3", "DAI");
    expect(errorOf(await cell.result()).message).toMatch(/has no room for it \(10 of 10 credits spent\)/);
    expect(executes()).toBe(0);

    // A second copy of the file (the same workbook id in its settings), opened by the same user: still spent.
    const copy = new TestDocument();
    for (const [name, value] of document.values) copy.values.set(name, value);
    const second = open(copy);
    await second.session.load();
    expect(second.runtime.queries.budgetState()).toMatchObject({ creditsPerDay: 10, spentToday: 10 });
    second.close();
    setFunctionsRuntime(bench.runtime);

    bench.clock.advance(24 * 3_600_000 - (now % 60_000));
    cell = change(cell, "Sheet1!A3", "LINK");
    await waitFor(() => Array.isArray(cell.latest), "LINK to fill the next day");
    expect(executes()).toBe(1);
  });

  it("a budget an older version kept in the document moves over once: its limit, and today's spending to the user", async () => {
    const today = localDay(bench.clock.now());
    document.values.set("service.queryBudget", { creditsPerDay: 30, day: today, spent: 20 });
    expect(bench.runtime.queries.budgetState()).toMatchObject({ creditsPerDay: 30, spentToday: 20 });
    expect(document.values.get("service.queryBudget")).toBeNull();
    expect(document.values.get("service.automaticBudget")).toEqual({ creditsPerDay: 30 });
    // Read again (another window of the same user): moved once, not twice.
    expect(bench.runtime.queries.budgetState()).toMatchObject({ creditsPerDay: 30, spentToday: 20 });
  });

  it("a run that fails says so in the cell and gives its credits back only if the service never took it", async () => {
    bench.runtime.queries.setBudget(10);
    let cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change");
    errorOf(await cell.result());
    // An enum value the service refuses: the execute is answered 400 and nothing is charged.
    cell = change(cell, "Sheet1!A3", "WETH", "interval", "fortnight");
    // A run=on_change cell shows nothing until the query's declaration is read (it may run on its own).
    await waitFor(
      () => cell.latest !== undefined && /failed/.test(String(errorOf(cell.latest).message)),
      "the failure",
    );
    expect(errorOf(cell.latest).message).toMatch(/^The last run with these inputs failed: .*fortnight/);
    expect(bench.runtime.queries.budgetState().spentToday).toBe(0);
    expect(bench.runtime.queries.report()[0]).toMatchObject({
      state: "failed",
      note: expect.stringMatching(/fortnight/),
    });

    // A run the service took and that failed there was charged: the budget keeps it.
    bench.runtime.queries.setBudget(20);
    cell.cancel();
    cell = bench.cellAt("Sheet1!B1", "QUERY", 1005, "run=on_change");
    errorOf(await cell.result());
    cell.cancel();
    cell = bench.cellAt("Sheet1!B1", "QUERY", 1005, "run=on_change", "performance=large");
    await waitFor(
      () => cell.latest !== undefined && /failed/.test(String(errorOf(cell.latest).message)),
      "the engine's failure",
    );
    expect(errorOf(cell.latest).message).toMatch(/always fails.* Run it again from the Service pane \(20 credits\)$/);
    expect(bench.runtime.queries.budgetState().spentToday).toBe(20);
  });

  it("an automatic run cancelled before its execute was answered is still told (History) and keeps its credits", async () => {
    bench.close();
    const cancelAll = (): void => {
      for (const row of bench.runtime.queries.report()) bench.runtime.queries.cancelAutomatic(row.key);
    };
    // The service takes the run, but its answer arrives only after the run was cancelled from the pane.
    const fetch: FetchLike = async (url, init) => {
      const response = await globalThis.fetch(url, init);
      if (init.method === "POST" && new URL(url).pathname.endsWith("/execute")) cancelAll();
      return response;
    };
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      fetch,
      runtime: { runSettings: document.settings },
    });
    const events: AutomaticRunEvent[] = [];
    bench.runtime.queries.onAutomaticRun((event) => events.push(event));
    bench.runtime.queries.setBudget(10);
    const cell = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    change(cell, "Sheet1!A3", "WBTC");
    await waitFor(() => events.length > 0, "the cancelled run to be told");
    expect(events).toEqual([
      expect.objectContaining({ executionId: expect.stringMatching(/^[0-9A-Z]{26}$/), state: "QUERY_STATE_CANCELLED" }),
    ]);
    expect(bench.runtime.queries.budgetState().spentToday).toBe(10);
  });

  it("the old invocation's cancel arriving after the new call: the change runs once, and the Report lists the cell once", async () => {
    bench.runtime.queries.setBudget(100);
    const old = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await old.result());
    // Excel does not promise the order: here the new call comes first, then the old one is cancelled.
    const changed = bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "OP", "run=on_change", "limit=2");
    expect(errorOf(await changed.result()).message).toMatch(/^Running with these inputs now \(symbol=OP\)/);
    old.cancel();
    await waitFor(() => Array.isArray(changed.latest), "OP to fill");
    expect(executes()).toBe(1);
    expect(bench.runtime.queries.report()).toEqual([
      expect.objectContaining({ cells: ["Sheet1!A3"], cellCount: 1, parameters: { symbol: "OP" } }),
    ]);
  });

  it("no cell address (a build that gives streaming functions none): run=on_change never runs by itself, and the cell and the Report say why", async () => {
    bench.runtime.queries.setBudget(100);
    const cell = bench.cell("QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=2");
    errorOf(await cell.result());
    cell.cancel();
    const changed = bench.cell("QUERY", 1001, "symbol", "AAVE", "run=on_change", "limit=2");
    const error = errorOf(await changed.result());
    expect(error.message).toBe(
      "Not run (symbol=AAVE): run=on_change needs the cell's address, which this Excel build does not give add-ins; run it from the Service pane's Report (an estimated 10 credits)",
    );
    expect(executes()).toBe(0);
    expect(bench.runtime.queries.report()).toEqual([
      expect.objectContaining({
        cells: [],
        cellCount: 1,
        note: expect.stringMatching(/^run=on_change cannot work in this Excel build/),
      }),
    ]);
  });
});

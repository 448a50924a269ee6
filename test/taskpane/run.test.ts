import { type FetchLike, ServiceClient } from "../../src/client";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { RunController, type RunState } from "../../src/taskpane/logic/run-controller";
import { describeState } from "../../src/taskpane/logic/run-states";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { ManualClock } from "../support/manual-clock";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

async function setup(signedIn = true) {
  const pane = await testPane(service.url, { apiKey: signedIn ? TEST_KEYS.demo : undefined });
  const history = new HistoryStore(pane.deps.historyItem);
  const run = new RunController(pane.deps, history);
  const phases: string[] = [];
  run.store.subscribe((s) => (phases.at(-1) === s.phase ? undefined : phases.push(s.phase)));
  return { ...pane, history, run, phases };
}

describe("run a query", () => {
  test("a parameterised run completes, shows its execution id and row count, and lands in the history", async () => {
    const { run, history, phases, session } = await setup();
    const end = await run.run({
      queryId: 1001,
      parameters: { symbol: "WBTC", days: "10", interval: "day" },
      performance: "medium",
    });
    expect(end).toMatchObject({
      phase: "completed",
      serverState: "QUERY_STATE_COMPLETED",
      rowCount: 10,
      partial: false,
    });
    expect(end.message).toBe("Completed · 10 rows.");
    expect(end.executionId).toMatch(/\S{10,}/);
    expect(phases).toEqual(["idle", "starting", "running", "completed"]);
    const [entry] = await history.load();
    expect(entry).toMatchObject({
      executionId: end.executionId,
      queryId: 1001,
      parameters: { symbol: "WBTC", days: "10", interval: "day" },
      performance: "medium",
      state: "QUERY_STATE_COMPLETED",
      credits: 10,
      rowCount: 10,
      baseUrl: service.url,
    });
    expect(Date.parse(entry.expiresAt ?? "")).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(session.usage.snapshot()).toMatchObject({ creditsSpent: 10, executions: 1 });
  });

  test("a second run starts from a clean state: its own execution id, recorded in the history too", async () => {
    const { run, history } = await setup();
    const first = await run.run({ queryId: 1002, parameters: {}, performance: "medium" });
    const seen: (string | undefined)[] = [];
    run.store.subscribe((s) => seen.push(s.executionId));
    const second = await run.run({ queryId: 1005, parameters: {}, performance: "medium" });
    expect(seen.slice(1, 2)).toEqual([undefined]);
    expect(second.executionId).not.toBe(first.executionId);
    expect((await history.load()).map((e) => e.queryId)).toEqual([1005, 1002]);
  });

  test("the large tier costs 20 credits", async () => {
    const { run, history, session } = await setup();
    await run.run({ queryId: 1002, parameters: {}, performance: "large" });
    expect((await history.load())[0]).toMatchObject({ performance: "large", credits: 20 });
    expect(session.usage.snapshot().creditsSpent).toBe(20);
  });

  test("Cancel cancels on the server: the execution ends cancelled and the history says so", async () => {
    const { run, history, session } = await setup();
    const seen: RunState[] = [];
    const unsubscribe = run.store.subscribe((s) => {
      seen.push(s);
      if (s.phase === "running" && s.serverState === "QUERY_STATE_EXECUTING") run.cancel();
    });
    const end = await run.run({ queryId: 1004, parameters: {}, performance: "medium" });
    unsubscribe();
    expect(end.phase).toBe("cancelled");
    expect(end.message).toBe("Cancelled on the server.");
    expect(seen.some((s) => s.phase === "cancelling")).toBe(true);
    const status = await session.client().status(end.executionId!);
    expect(status.state).toMatch(/^QUERY_STATE_CANCEL+ED$/);
    expect((await history.load())[0]!.state).toBe(status.state);
  });

  test("Cancel while submitting: the execution the service accepted is recorded in History and cancelled there", async () => {
    // The service accepts the execute, but its answer reaches the pane only after the user has pressed Cancel.
    let run: RunController | undefined;
    const fetch: FetchLike = async (url, init) => {
      const response = await globalThis.fetch(url, init);
      if (init.method === "POST" && new URL(url).pathname.endsWith("/execute")) {
        expect(run?.store.state).toMatchObject({ phase: "starting", message: "Submitting query 1004…" });
        run?.cancel();
      }
      return response;
    };
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
    const history = new HistoryStore(pane.deps.historyItem);
    run = new RunController(pane.deps, history);
    const end = await run.run({ queryId: 1004, parameters: {}, performance: "medium" });
    expect(end.phase).toBe("cancelled");
    expect(end.executionId).toMatch(/^[0-9A-Z]{26}$/);
    const status = await pane.session.client().status(end.executionId!);
    expect(status.state).toMatch(/^QUERY_STATE_CANCEL+ED$/);
    const [entry] = await history.load();
    expect(entry).toMatchObject({
      executionId: end.executionId,
      queryId: 1004,
      state: status.state,
      credits: 10,
      baseUrl: service.url,
    });
    expect(pane.session.usage.snapshot()).toMatchObject({ executions: 1, creditsSpent: 10 });
  });

  test("signing out while a run goes cancels it on the server and says why; the run stays in History", async () => {
    const { run, history, session } = await setup();
    const unsubscribe = run.store.subscribe((s) => {
      if (s.phase === "running" && s.serverState === "QUERY_STATE_EXECUTING") void session.signOut();
    });
    const end = await run.run({ queryId: 1004, parameters: {}, performance: "medium" });
    unsubscribe();
    expect(end).toMatchObject({
      phase: "cancelled",
      message: "Cancelled on the server: you signed out or changed the key or service while it ran.",
    });
    const owner = new ServiceClient({ apiKey: TEST_KEYS.demo, baseUrl: service.url });
    expect((await owner.status(end.executionId!)).state).toMatch(/^QUERY_STATE_CANCEL+ED$/);
    expect((await history.load())[0]).toMatchObject({ executionId: end.executionId, baseUrl: service.url });
  });

  test.each([
    ["a query that fails", 1005, {}, /^Query failed: .*always fails/],
    ["a parameter the server refuses", 1001, { days: "ten" }, /query_parameters\.days: must be a finite number/],
    ["an unknown parameter", 1001, { colour: "red" }, /unknown parameters \(colour\)/],
    ["a query that does not exist", 999_999, {}, /not found/i],
  ])("%s shows the server's message", async (_name, queryId, parameters, message) => {
    const { run } = await setup();
    const end = await run.run({ queryId, parameters, performance: "medium" });
    expect(end.phase).toBe("failed");
    expect(end.message).toMatch(message);
  });

  test("a completed run is remembered for SERVICE.QUERY cells with the same inputs; a failed one is not", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const recorded: unknown[][] = [];
    const run = new RunController(
      { ...pane.deps, recordQueryRun: (...args) => void recorded.push(args) },
      new HistoryStore(pane.deps.historyItem),
    );
    const done = await run.run({ queryId: 1001, parameters: { symbol: "WETH" }, performance: "large" });
    expect(recorded).toEqual([
      [
        1001,
        { symbol: "WETH" },
        "large",
        { executionId: done.executionId, finishedAt: expect.any(Number), expiresAt: Date.parse(done.expiresAt!) },
      ],
    ]);
    await run.run({ queryId: 1005, parameters: {}, performance: "medium" });
    expect(recorded).toHaveLength(1);
  });

  test("a run from the query's form is remembered for cells giving every input, and for cells giving only those that differ from the defaults", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const recorded: unknown[][] = [];
    const notes: unknown[][] = [];
    const run = new RunController(
      {
        ...pane.deps,
        recordQueryRun: (...args) => void recorded.push(args),
        queryReport: {
          note: (request: unknown, note: unknown) => void notes.push([request, note]),
          rows: () => [],
        } as never,
      },
      new HistoryStore(pane.deps.historyItem),
    );
    const parameters = { symbol: "WBTC", days: 30, since: "2024-01-01 00:00:00", interval: "day" };
    await run.run({ queryId: 1001, parameters, performance: "auto", sameRunAs: { symbol: "WBTC" } });
    expect(recorded.map((r) => r[1])).toEqual([parameters, { symbol: "WBTC" }]);
    // The cells of both identities heard it was running, then that it ended.
    expect(
      notes.map(([r, n]) => [(r as { parameters: unknown }).parameters, (n as { phase?: string })?.phase]),
    ).toEqual([
      [parameters, "running"],
      [{ symbol: "WBTC" }, "running"],
      [parameters, "running"],
      [{ symbol: "WBTC" }, "running"],
      [parameters, undefined],
      [{ symbol: "WBTC" }, undefined],
    ]);
  });

  test("a run from the form is remembered too for the cells on the sheets giving some defaults beside the changed inputs", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const recorded: unknown[][] = [];
    const row = (parameters: Record<string, unknown>, queryId = 1001, performance = "auto") => ({
      key: JSON.stringify([queryId, performance, parameters]),
      queryId,
      parameters,
      performance,
    });
    const rows = [
      row({ symbol: "WETH", days: 14 }), // symbol is the default, given anyway: the same run
      row({ symbol: "WETH", days: 14, interval: "day" }), // the same run too
      row({ symbol: "WBTC", days: 14 }), // another symbol: another run
      row({ symbol: "WETH" }), // days left to its default 7: another run
      row({ symbol: "WETH", days: 14 }, 1002), // another query
      row({ symbol: "WETH", days: 14 }, 1001, "large"), // another tier
    ];
    const run = new RunController(
      {
        ...pane.deps,
        recordQueryRun: (...args) => void recorded.push(args),
        queryReport: { note: () => undefined, rows: () => rows } as never,
      },
      new HistoryStore(pane.deps.historyItem),
    );
    const parameters = { symbol: "WETH", days: 14, since: "2024-01-01", interval: "day" };
    await run.run({ queryId: 1001, parameters, performance: "auto", sameRunAs: { days: 14 } });
    expect(recorded.map((r) => r[1])).toEqual([
      parameters,
      { days: 14 },
      { symbol: "WETH", days: 14 },
      { symbol: "WETH", days: 14, interval: "day" },
    ]);
  });

  test("signed out: the run says how to sign in and spends nothing", async () => {
    const { run, session } = await setup(false);
    const end = await run.run({ queryId: 1002, parameters: {}, performance: "medium" });
    expect(end).toMatchObject({ phase: "failed", message: "Sign in first: enter your API key under Account." });
    expect(session.usage.snapshot().requests).toBe(0);
  });

  test("too many executions in flight: the run's progress says it waits, and what to do, then goes on", async () => {
    // The local service has no limit of executions in flight: its first statuses are given the fields the real
    // service sends when the account has as many executions in progress as it may.
    let waitingStatuses = 2;
    const fetch: FetchLike = async (url, init) => {
      const response = await globalThis.fetch(url, init);
      if (!new URL(url).pathname.endsWith("/status") || waitingStatuses === 0) return response;
      waitingStatuses--;
      const body = (await response.json()) as Record<string, unknown>;
      const waiting = { ...body, state: "QUERY_STATE_PENDING", is_execution_finished: false };
      Object.assign(waiting, { max_inflight_interactive_reached: 3, max_inflight_interactive_executions: 3 });
      return new Response(JSON.stringify(waiting), { status: 200, headers: { "content-type": "application/json" } });
    };
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
    const run = new RunController(pane.deps, new HistoryStore(pane.deps.historyItem));
    const seen: RunState[] = [];
    run.store.subscribe((s) => seen.push({ ...s }));
    const end = await run.run({ queryId: 1002, parameters: {}, performance: "medium" });
    const waiting = seen.find((s) => s.waitingForSlot);
    expect(waiting).toMatchObject({
      phase: "running",
      message:
        "Too many executions in progress (3 in progress; 3 may run at once): this run waits. Wait for a run to finish or cancel one.",
    });
    expect(end).toMatchObject({ phase: "completed", waitingForSlot: false });
  });

  test("elapsed time ticks while the run is live and the ticker stops at the end", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 15, 9, 0, 0));
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, clock });
    const run = new RunController(pane.deps, new HistoryStore(pane.deps.historyItem));
    const elapsed: number[] = [];
    let advanced = false;
    run.store.subscribe((s) => {
      if (s.phase === "running" && s.serverState === "QUERY_STATE_EXECUTING" && !advanced) {
        advanced = true; // the ticks below notify this listener again
        clock.advance(3_000);
        elapsed.push(run.store.state.elapsedMs);
        run.cancel();
      }
    });
    await run.run({ queryId: 1004, parameters: {}, performance: "medium" });
    expect(elapsed).toEqual([3_000]);
    expect(clock.pending).toBe(0);
  });
});

test.each([
  ["QUERY_STATE_PENDING", undefined, "Queued."],
  ["QUERY_STATE_PENDING", 3, "Queued (position 3)."],
  ["QUERY_STATE_EXECUTING", undefined, "Running…"],
  ["QUERY_STATE_COMPLETED_PARTIAL", undefined, "completed partial"],
])("describeState(%s, %s) = %s", (state, position, text) => {
  expect(describeState(state, position)).toBe(text);
});

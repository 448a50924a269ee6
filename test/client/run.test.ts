import {
  CancelledError,
  ExecutionFailedError,
  PartialResultError,
  type RunProgress,
  ServiceClient,
} from "../../src/client";
import { flush, ManualClock } from "../support/manual-clock";
import { type RecordedCall, handlerFetch, hangUntilAborted, jsonResponse } from "./support/fetch-fakes";

const ID = "01JD8Z5K2W3X4Y5Z6A7B8C9D0E";

/** A fake service whose status walks through `states`, one per status call (the last repeats). */
function fakeRun(states: (string | Record<string, unknown>)[], options: { holdExecute?: Promise<void> } = {}) {
  let polls = 0;
  const fetch = handlerFetch(async (call: RecordedCall, url: URL) => {
    if (url.pathname.endsWith("/execute")) {
      if (options.holdExecute) await options.holdExecute;
      return jsonResponse(200, { execution_id: ID, state: "QUERY_STATE_PENDING" });
    }
    if (url.pathname.endsWith("/cancel")) return jsonResponse(200, { success: true });
    if (url.pathname.endsWith("/status")) {
      const step = states[Math.min(polls++, states.length - 1)]!;
      const body = typeof step === "string" ? { state: step } : step;
      const state = String(body.state);
      const finished = !["QUERY_STATE_PENDING", "QUERY_STATE_EXECUTING"].includes(state);
      return jsonResponse(200, { execution_id: ID, query_id: 1001, is_execution_finished: finished, ...body });
    }
    return hangUntilAborted(call.signal);
  });
  const clock = new ManualClock(1_700_000_000_000);
  const client = new ServiceClient({ apiKey: "k", baseUrl: "http://svc.test", fetch, clock });
  const paths = () => fetch.calls.map((c) => `${c.method} ${new URL(c.url).pathname}`);
  return { client, clock, fetch, paths };
}

describe("run: execute and poll to a terminal state", () => {
  it("completes, backing off from 250 ms to a 5 s cap, reporting progress", async () => {
    const states = [
      { state: "QUERY_STATE_PENDING", queue_position: 2 },
      { state: "QUERY_STATE_PENDING", queue_position: 1 },
      ...Array.from({ length: 6 }, () => "QUERY_STATE_EXECUTING"),
      {
        state: "QUERY_STATE_COMPLETED",
        result_metadata: { column_names: ["a"], column_types: ["integer"], row_count: 1 },
      },
    ];
    const { client, clock } = fakeRun(states);
    const progress: RunProgress[] = [];
    const started = clock.now();
    const result = await clock.drive(
      client.run(1001, { parameters: { days: 3 }, onProgress: (p) => progress.push(p) }),
    );
    expect(result).toMatchObject({ executionId: ID, state: "QUERY_STATE_COMPLETED", partial: false });
    expect(result.status.result_metadata?.row_count).toBe(1);
    const waits = [250, 500, 1000, 2000, 4000, 5000, 5000, 5000, 5000];
    expect(clock.now() - started).toBe(waits.reduce((a, b) => a + b, 0));
    expect(progress.map((p) => p.state)).toEqual([
      "QUERY_STATE_PENDING",
      ...states.map((s) => (typeof s === "string" ? s : s.state)),
    ]);
    expect(progress[1]).toMatchObject({ queuePosition: 2, elapsedMs: 250 });
    expect(progress[2]).toMatchObject({ queuePosition: 1, elapsedMs: 750 });
    expect(progress[3]!.queuePosition).toBeUndefined();
  });

  it("a run waiting because too many are in progress says so in its progress, and goes on when a slot frees", async () => {
    const full = { max_inflight_interactive_executions: 3, max_inflight_interactive_reached: 3 };
    const { client, clock } = fakeRun([
      { state: "QUERY_STATE_PENDING", ...full },
      { state: "QUERY_STATE_PENDING", max_inflight_interactive_executions: 3, max_inflight_interactive_reached: 0 },
      { state: "QUERY_STATE_COMPLETED", execution_cost_credits: 7.5, expires_at: "2026-04-01T00:00:00Z" },
    ]);
    const progress: RunProgress[] = [];
    const result = await clock.drive(client.run(1001, { onProgress: (p) => progress.push(p) }));
    expect(progress[1]!.inflightLimit).toEqual({
      inFlight: 3,
      limit: 3,
      userMessage:
        "Too many executions in progress (3 in progress; 3 may run at once): this run waits. Wait for a run to finish or cancel one.",
    });
    expect(progress[2]!.inflightLimit).toBeUndefined();
    expect(result.status.execution_cost_credits).toBe(7.5);
  });

  it("a zero expiry while running is not a date; the finished run's is", async () => {
    const { client, clock } = fakeRun([
      { state: "QUERY_STATE_EXECUTING", expires_at: "1970-01-01T00:00:00Z" },
      { state: "QUERY_STATE_COMPLETED", expires_at: "2026-04-01T00:00:00Z" },
    ]);
    const progress: RunProgress[] = [];
    const result = await clock.drive(client.run(1001, { onProgress: (p) => progress.push(p) }));
    expect(progress[1]!.status!.expires_at).toBeUndefined();
    expect(result.status.expires_at).toBe("2026-04-01T00:00:00Z");
  });

  it("FAILED rejects with the server's error", async () => {
    const { client, clock } = fakeRun([
      "QUERY_STATE_EXECUTING",
      {
        state: "QUERY_STATE_FAILED",
        error: { type: "FAILED_TYPE_EXECUTION_FAILED", message: "Binder Error: column x" },
      },
    ]);
    const error = await clock.drive(client.run(1005)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionFailedError);
    expect(error).toMatchObject({
      code: "EXECUTION_FAILED",
      executionId: ID,
      state: "QUERY_STATE_FAILED",
      serverMessage: "Binder Error: column x",
      executionError: { type: "FAILED_TYPE_EXECUTION_FAILED", message: "Binder Error: column x" },
    });
  });

  it.each(["QUERY_STATE_CANCELLED", "QUERY_STATE_CANCELED"])(
    "%s (cancelled elsewhere) rejects with CancelledError",
    async (state) => {
      const { client, clock } = fakeRun([state]);
      const error = await clock.drive(client.run(1001)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CancelledError);
      expect((error as CancelledError).executionId).toBe(ID);
    },
  );

  it("EXPIRED rejects with an expired code", async () => {
    const { client, clock } = fakeRun(["QUERY_STATE_EXPIRED"]);
    await expect(clock.drive(client.run(1001))).rejects.toMatchObject({ code: "EXECUTION_EXPIRED" });
  });

  it("a finished state this client does not know still ends the polling", async () => {
    const { client, clock, paths } = fakeRun([{ state: "QUERY_STATE_SOMETHING_NEW", is_execution_finished: true }]);
    await expect(clock.drive(client.run(1001))).rejects.toBeInstanceOf(ExecutionFailedError);
    expect(paths()).toHaveLength(2);
  });

  it("COMPLETED_PARTIAL rejects unless partial results are allowed", async () => {
    const denied = fakeRun(["QUERY_STATE_COMPLETED_PARTIAL"]);
    await expect(denied.clock.drive(denied.client.run(1003))).rejects.toBeInstanceOf(PartialResultError);
    const allowed = fakeRun(["QUERY_STATE_COMPLETED_PARTIAL"]);
    await expect(allowed.clock.drive(allowed.client.run(1003, { allowPartialResults: true }))).resolves.toMatchObject({
      state: "QUERY_STATE_COMPLETED_PARTIAL",
      partial: true,
    });
  });

  it("aborting mid-run cancels the execution on the server, then rejects", async () => {
    const { client, clock, paths } = fakeRun(["QUERY_STATE_EXECUTING"]);
    const controller = new AbortController();
    const promise = client.run(1004, { signal: controller.signal });
    promise.catch(() => undefined);
    await clock.advanceSettling(2000);
    controller.abort();
    const error = await clock.drive(promise).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).executionId).toBe(ID);
    expect(paths().at(-1)).toBe(`POST /v1/execution/${ID}/cancel`);
    expect(clock.pending).toBe(0);
  });

  it("aborting while execute is in flight waits for the id, then cancels that run", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { client, clock, paths } = fakeRun(["QUERY_STATE_EXECUTING"], { holdExecute: hold });
    const controller = new AbortController();
    const promise = client.run(1004, { signal: controller.signal });
    promise.catch(() => undefined);
    await flush();
    controller.abort();
    release();
    await expect(clock.drive(promise)).rejects.toBeInstanceOf(CancelledError);
    expect(paths()).toEqual(["POST /v1/query/1004/execute", `POST /v1/execution/${ID}/cancel`]);
  });

  it("an already aborted signal starts nothing", async () => {
    const { client, clock, paths } = fakeRun(["QUERY_STATE_COMPLETED"]);
    const controller = new AbortController();
    controller.abort();
    await expect(clock.drive(client.run(1001, { signal: controller.signal }))).rejects.toBeInstanceOf(CancelledError);
    expect(paths()).toEqual([]);
  });

  it("a throwing onProgress does not strand the run", async () => {
    const { client, clock } = fakeRun(["QUERY_STATE_EXECUTING", "QUERY_STATE_COMPLETED"]);
    const result = await clock.drive(
      client.run(1001, {
        onProgress: () => {
          throw new Error("ui gone");
        },
      }),
    );
    expect(result.state).toBe("QUERY_STATE_COMPLETED");
  });

  it("custom poll settings", async () => {
    const { client, clock } = fakeRun(["QUERY_STATE_EXECUTING", "QUERY_STATE_EXECUTING", "QUERY_STATE_COMPLETED"]);
    const started = clock.now();
    await clock.drive(client.run(1001, { poll: { initialMs: 100, maxMs: 150, factor: 3 } }));
    expect(clock.now() - started).toBe(100 + 150 + 150);
  });
});

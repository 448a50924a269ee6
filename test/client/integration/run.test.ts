import { CancelledError, ExecutionFailedError, PartialResultError, type RunProgress } from "../../../src/client";
import { useService } from "./harness";

describe("run against the real service", () => {
  const env = useService();

  it("to COMPLETED, with parameters and progress", async () => {
    const progress: RunProgress[] = [];
    const result = await env.client().run(1001, {
      parameters: { symbol: "WBTC", days: 14, interval: "week" },
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ state: "QUERY_STATE_COMPLETED", partial: false });
    expect(progress[0]!.state).toBe("QUERY_STATE_PENDING");
    expect(progress.at(-1)!.state).toBe("QUERY_STATE_COMPLETED");
    expect(progress.every((p, i) => i === 0 || p.elapsedMs >= progress[i - 1]!.elapsedMs)).toBe(true);
    const table = await env.client().table({ executionId: result.executionId });
    expect(table.columns).toEqual(["symbol", "period", "days_in_period", "avg_price_usd"]);
    expect(table.rows.every((row) => row[0] === "WBTC")).toBe(true);
  }, 30_000);

  it("to FAILED, with the engine's error", async () => {
    const error = await env
      .client()
      .run(1005)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionFailedError);
    const failed = error as ExecutionFailedError;
    expect(failed.state).toBe("QUERY_STATE_FAILED");
    expect(failed.executionError?.type).toBe("FAILED_TYPE_EXECUTION_FAILED");
    expect(failed.serverMessage).toContain("this demo query always fails");
    expect(failed.userMessage).toContain("this demo query always fails");
    // its results say the same
    await expect(env.client().table({ executionId: failed.executionId })).rejects.toBeInstanceOf(ExecutionFailedError);
  }, 30_000);

  it("to CANCELLED: aborting mid-run cancels it on the server", async () => {
    const client = env.client();
    const controller = new AbortController();
    let executionId = "";
    const error = await client
      .run(1004, {
        signal: controller.signal,
        onProgress: (p) => {
          executionId = p.executionId;
          if (p.state === "QUERY_STATE_EXECUTING") controller.abort();
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).executionId).toBe(executionId);
    const status = await client.status(executionId);
    expect(["QUERY_STATE_CANCELLED", "QUERY_STATE_CANCELED"]).toContain(status.state);
    expect(status.is_execution_finished).toBe(true);
    expect(status.cancelled_at).toBeDefined();
  }, 30_000);
});

describe("COMPLETED_PARTIAL against the real service (results truncated in storage)", () => {
  const env = useService({ maxResultBytes: 4_000 });

  it("without allowPartialResults: PartialResultError; the server refuses rows the same way", async () => {
    const client = env.client();
    const error = await client.run(1002).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialResultError);
    const executionId = (error as PartialResultError).executionId!;
    const status = await client.status(executionId);
    expect(status.state).toBe("QUERY_STATE_COMPLETED_PARTIAL");
    const refused = await client.table({ executionId }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartialResultError);
    expect((refused as PartialResultError).status).toBe(400);
    expect((refused as PartialResultError).serverMessage).toContain("allows_partial_results=true");
  }, 30_000);

  it("with allowPartialResults: the partial rows", async () => {
    const client = env.client();
    const result = await client.run(1002, { allowPartialResults: true });
    expect(result).toMatchObject({ state: "QUERY_STATE_COMPLETED_PARTIAL", partial: true });
    const table = await client.table({ executionId: result.executionId }, { allow_partial_results: true });
    expect(table.partial).toBe(true);
    expect(table.rowCount).toBeGreaterThan(0);
    expect(table.rowCount).toBeLessThan(500);
    expect(table.rows.map((row) => row[0])).toEqual(Array.from({ length: table.rowCount }, (_, i) => i));
  }, 30_000);
});

import {
  BadRequestError,
  InvalidArgumentError,
  NotFoundError,
  UnauthorizedError,
  isServiceError,
} from "../../../src/client";
import { useService } from "./harness";

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

describe("every client method against the real service", () => {
  const env = useService();
  let executionId = "";

  beforeAll(async () => {
    executionId = (await env.client().run(1002)).executionId;
  }, 60_000);

  it("execute acknowledges with an execution id and PENDING", async () => {
    const ack = await env.client().execute(1001, { parameters: { symbol: "WBTC", days: 14 }, performance: "large" });
    expect(ack.execution_id).toMatch(ULID);
    expect(ack.state).toBe("QUERY_STATE_PENDING");
  });

  it("status reports the finished run with its metadata", async () => {
    const status = await env.client().status(executionId);
    expect(status).toMatchObject({
      execution_id: executionId,
      query_id: 1002,
      state: "QUERY_STATE_COMPLETED",
      is_execution_finished: true,
    });
    expect(status.result_metadata?.total_row_count).toBe(500);
  });

  it("results: one page of the envelope with next_offset and next_uri", async () => {
    const envelope = await env
      .client()
      .results(executionId, { limit: 2, offset: 10, columns: ["trade_id", "project"] });
    expect(envelope.state).toBe("QUERY_STATE_COMPLETED");
    expect(envelope.result?.metadata.column_names).toEqual(["trade_id", "project"]);
    expect(envelope.result?.rows.map((r) => r.trade_id)).toEqual([10, 11]);
    expect(envelope.next_offset).toBe(12);
    expect(new URL(envelope.next_uri!).searchParams.get("offset")).toBe("12");
    expect(envelope.next_uri).not.toContain(env.service.apiKey);
  });

  it("resultsCsv: one CSV page with the next offset from the headers", async () => {
    const page = await env.client().resultsCsv(executionId, { limit: 3, columns: "trade_id,token_bought" });
    expect(page.text).toBe("trade_id,token_bought\n0,WETH\n1,USDC\n2,WBTC\n");
    expect(page.nextOffset).toBe(3);
    expect(page.nextUri).toContain("offset=3");
  });

  it("latestCsv: the latest result of a query by id", async () => {
    const page = await env.client().latestCsv(1002, { limit: 1, offset: 499 });
    expect(page.text.split("\n")[0]).toBe("trade_id,block_time,project,token_bought,token_sold,amount_usd,tx_hash");
    expect(page.text.split("\n")[1]!.startsWith("499,")).toBe(true);
    expect(page.nextOffset).toBeUndefined();
  });

  it("cancel: false for a run that already finished, true for one that runs", async () => {
    const client = env.client();
    await expect(client.cancel(executionId)).resolves.toBe(false);
    const ack = await client.execute(1004);
    await expect(client.cancel(ack.execution_id)).resolves.toBe(true);
    const status = await client.status(ack.execution_id);
    expect(["QUERY_STATE_CANCELLED", "QUERY_STATE_CANCELED"]).toContain(status.state);
    expect(status.cancelled_at).toBeDefined();
  });

  it("table from an execution id (JSON) and from a query id (CSV) agree", async () => {
    const client = env.client();
    const fromJson = await client.table({ executionId }, { columns: ["trade_id", "project", "amount_usd"] });
    const fromCsv = await client.table({ queryId: 1002 }, { columns: ["trade_id", "project", "amount_usd"] });
    expect(fromJson.rowCount).toBe(500);
    expect(fromCsv.rows).toEqual(fromJson.rows);
    expect(fromJson.types).toEqual(["bigint", "varchar", "double"]);
    expect(fromCsv.types[1]).toBe("varchar");
    expect(fromJson).toMatchObject({ totalRowCount: 500, hasMore: false, executionId, state: "QUERY_STATE_COMPLETED" });
  });

  it("filters and sort_by reach the server", async () => {
    const table = await env
      .client()
      .table(
        { executionId },
        { columns: "trade_id,project", filters: "project = 'curve' and trade_id < 20", sort_by: "trade_id desc" },
      );
    expect(table.rows).toEqual([
      [17, "curve"],
      [13, "curve"],
      [9, "curve"],
      [5, "curve"],
      [1, "curve"],
    ]);
  });

  it("sample_count: a random sample in one request", async () => {
    const table = await env.client().table({ executionId }, { sample_count: 7 });
    expect(table.rowCount).toBe(7);
    expect(table.requestCount).toBe(1);
  });

  it("a bad filter is a BadRequestError whose message names the parameter", async () => {
    const error = await env
      .client()
      .results(executionId, { filters: "nope = 1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).serverMessage).toMatch(/^filters/);
    expect((error as BadRequestError).userMessage).toMatch(/^filters/);
    expect((error as BadRequestError).message).toContain(`GET /v1/execution/${executionId}/results failed with 400`);
  });

  it("unknown query and unknown execution are NotFoundError", async () => {
    await expect(env.client().execute(999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(env.client().status("01JD8Z5K2W3X4Y5Z6A7B8C9D0E")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a wrong key is UnauthorizedError, and the key appears nowhere in it", async () => {
    const wrongKey = "wrong-key-that-must-not-leak-123";
    const error = await env
      .client({ apiKey: wrongKey })
      .status(executionId)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(isServiceError(error) && error.serverMessage).toBe("invalid API Key");
    const shown = JSON.stringify({
      ...(error as object),
      message: (error as Error).message,
      stack: (error as Error).stack,
    });
    expect(shown).not.toContain(wrongKey);
  });

  it("a dataset outside the allowed values fails before any request", async () => {
    await expect(env.client().dataset("dex", ["avalanche_c"])).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

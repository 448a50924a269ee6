import { NoResultError, NotFoundError, isNoResultError } from "../../../src/client";
import { useService } from "./harness";

/**
 * A query's latest result for its inputs: the client sends them as `params.<name>=value` (the official clients' form),
 * on the JSON and CSV endpoints and on every page, and a query without a run of those inputs is a NoResultError.
 */
describe("the latest result of a query for given inputs", () => {
  const env = useService();
  let wbtc = "";

  beforeAll(async () => {
    wbtc = (await env.client().run(1001, { parameters: { symbol: "WBTC", days: 40 } })).executionId;
    await env.client().run(1001, { parameters: { symbol: "ARB" } });
  }, 60_000);

  it("latestResults and latestCsv read the run of those inputs, not the latest run", async () => {
    const envelope = await env.client().latestResults(1001, { parameters: { symbol: "WBTC", days: 40 } });
    expect(envelope.execution_id).toBe(wbtc);
    const csv = await env.client().latestCsv(1001, { parameters: { days: "40", symbol: "WBTC" }, limit: 1 });
    expect(csv.text.split("\n")[1]).toMatch(/^WBTC,/);
    const any = await env.client().latestResults(1001, { limit: 1 });
    expect(any.execution_id).not.toBe(wbtc);
  });

  it("pages and table keep the inputs on every page, JSON and CSV", async () => {
    for (const format of ["json", "csv"] as const) {
      const table = await env
        .client()
        .table({ queryId: 1001, format, parameters: { symbol: "WBTC", days: 40 } }, { limit: 40, firstPageRows: 1 });
      const symbol = table.columns.indexOf("symbol");
      expect(table.rows.length).toBeGreaterThan(1);
      expect(table.rows.every((r) => r[symbol] === "WBTC")).toBe(true);
    }
  });

  it("no run of those inputs: a NoResultError (a 404 that is not 'Query not found')", async () => {
    const error = await env
      .client()
      .latestResults(1001, { parameters: { symbol: "PEPE" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResultError);
    expect(isNoResultError(error)).toBe(true);
    expect((error as NoResultError).serverMessage).toContain("symbol=PEPE");
    const missing = await env
      .client()
      .latestResults(424242)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(isNoResultError(missing)).toBe(false);
  });
});

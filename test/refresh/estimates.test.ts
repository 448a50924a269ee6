import { billingPlan } from "../../src/billing";
import { ASSUMED_READ_BYTES, estimateFromCached } from "../../src/refresh/estimate";
import { meteredFetch, newMeter } from "../../src/refresh/metered-fetch";

describe("read estimates from the file's cached values", () => {
  const rows = [
    ["pair", "volume"],
    ["ETH/USDC", 1250.5],
    ["WBTC, ETH", null],
  ];

  test("JSON: each row priced as the object the service sends, plus the envelope", () => {
    const keys = '"pair":'.length + '"volume":'.length;
    const row1 = 2 + 2 + keys + '"ETH/USDC"'.length + "1250.5".length;
    const row2 = 2 + 2 + keys + '"WBTC, ETH"'.length + "null".length;
    const header = '"pair":'.length + 12 + '"volume":'.length + 12;
    expect(estimateFromCached(rows, { header: true, format: "json" })).toEqual({
      bytes: 800 + header + row1 + row2,
      basis: "cached values",
    });
  });

  test("CSV: the lines as the service writes them (a value with a comma quoted)", () => {
    const text = 'pair,volume\nETH/USDC,1250.5\n"WBTC, ETH",\n';
    expect(estimateFromCached(rows, { header: true, format: "csv" })).toEqual({
      bytes: text.length,
      basis: "cached values",
    });
  });

  test.each([[[[null]]], [[[{ error: "#N/A" }]]], [[[]]]])("%j tells nothing: the assumed size", (cached) => {
    expect(estimateFromCached(cached, { header: true, format: "json" })).toEqual({
      bytes: ASSUMED_READ_BYTES,
      basis: "assumed",
    });
  });

  test("rows cached without their header are priced with names of a usual length", () => {
    const a = estimateFromCached([["x", 1]], { header: false, format: "json" }).bytes;
    const b = estimateFromCached(
      [
        ["x", 1],
        ["y", 2],
      ],
      { header: false, format: "json" },
    ).bytes;
    expect(b - a).toBe(2 + 2 + 2 * (14 + 1) + 3 + 1);
  });
});

describe("the meter: reads billed by their uncompressed body, per request", () => {
  const plan = billingPlan("free");
  const answer = (body: string, status = 200) =>
    (async () => new Response(body, { status })) as unknown as Parameters<typeof meteredFetch>[0];

  test.each([
    ["GET", "http://s/v1/dex/pairs/ethereum?limit=2", 200, 1_234_567, 24.7],
    ["GET", "http://s/v1/execution/01X/results", 200, 10, 0.01],
    ["GET", "http://s/v1/query/1002/results/csv", 200, 500_000, 10],
    ["GET", "http://s/v1/execution/01X/status", 200, 5000, 0],
    ["GET", "http://s/v1/query/1002", 200, 5000, 0],
    ["GET", "http://s/v1/dex/pairs/ethereum", 404, 5000, 0],
    ["POST", "http://s/v1/query/1001/execute", 200, 50, 0],
  ])("%s %s (%d, %d bytes) costs %d credits", async (method, url, status, size, credits) => {
    const meter = newMeter();
    const fetch = meteredFetch(answer("x".repeat(size), status), meter, plan);
    const response = await fetch(url, { method });
    expect(await response.text()).toHaveLength(size);
    expect(meter.readCredits).toBe(credits);
    expect(meter.executes).toBe(method === "POST" ? 1 : 0);
  });

  test("each response is priced on its own, never rounded down", async () => {
    const meter = newMeter();
    const fetch = meteredFetch(answer("x"), meter, plan);
    for (let i = 0; i < 3; i++) await fetch("http://s/v1/execution/01X/results", { method: "GET" });
    expect(meter).toMatchObject({ readBytes: 3, readCredits: 0.03, requests: 3 });
  });
});

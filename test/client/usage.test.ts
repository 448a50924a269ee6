import { InvalidArgumentError, ServiceClient, isInvalidResponseError } from "../../src/client";
import { ManualClock } from "../support/manual-clock";
import { scriptedFetch } from "./support/fetch-fakes";

const PERIOD = { start_date: "2026-01-01", end_date: "2026-02-01", credits_used: 12.5, credits_included: 2500 };

function setup(script: Parameters<typeof scriptedFetch>[0]) {
  const fetch = scriptedFetch(script);
  const clock = new ManualClock(0);
  const client = new ServiceClient({
    apiKey: "k",
    baseUrl: "http://svc.test",
    fetch,
    clock,
    retry: { random: () => 0.5 },
  });
  return { fetch, clock, client };
}

describe("client.usage", () => {
  it("POSTs {} for the current period, the dates for another", async () => {
    const { client, fetch, clock } = setup([{ status: 200, body: { billing_periods: [PERIOD] } }]);
    expect(await clock.drive(client.usage())).toEqual({ billing_periods: [PERIOD] });
    await clock.drive(client.usage({ startDate: "2025-01-01", endDate: "2025-02-01" }));
    expect(fetch.calls.map((c) => [c.method, new URL(c.url).pathname, c.body])).toEqual([
      ["POST", "/v1/usage", "{}"],
      ["POST", "/v1/usage", '{"start_date":"2025-01-01","end_date":"2025-02-01"}'],
    ]);
  });

  it.each([
    [{ startDate: "2025-01-01" }, "endDate must be a date"],
    [{ startDate: "1/1/2025", endDate: "2025-02-01" }, "startDate must be a date written YYYY-MM-DD"],
    [{ startDate: "2025-02-01", endDate: "2025-01-01" }, "is after endDate"],
  ])("refuses %j before any request", async (options, message) => {
    const { client, fetch } = setup([{ status: 200, body: { billing_periods: [] } }]);
    await expect(client.usage(options)).rejects.toThrow(InvalidArgumentError);
    await expect(client.usage(options)).rejects.toThrow(message);
    expect(fetch.calls).toHaveLength(0);
  });

  it("is retried like a read (it spends nothing)", async () => {
    const { client, fetch, clock } = setup([{ status: 503 }, { status: 200, body: { billingPeriods: [PERIOD] } }]);
    expect((await clock.drive(client.usage())).billing_periods).toEqual([PERIOD]);
    expect(fetch.calls).toHaveLength(2);
  });

  it("periods missing a date or a number are left out; a body without periods is an invalid response", async () => {
    const { client, clock } = setup([
      { status: 200, body: { billing_periods: [PERIOD, { ...PERIOD, credits_used: "12" }, { start_date: "x" }] } },
      { status: 200, body: { credits: 3 } },
    ]);
    expect((await clock.drive(client.usage())).billing_periods).toEqual([PERIOD]);
    expect(isInvalidResponseError(await clock.drive(client.usage()).catch((e: unknown) => e))).toBe(true);
  });
});

import {
  type BillingPeriod,
  InvalidArgumentError,
  type QueryParameterType,
  type SavedQuery,
  type SavedQueryParameter,
  ServiceClient,
  type Usage,
  type UsageOptions,
  isInvalidResponseError,
  isNotFoundError,
} from "../../src/client";
import { normalizeSavedQuery } from "../../src/client/responses/saved-query";
import { ManualClock } from "../support/manual-clock";
import { scriptedFetch } from "./support/fetch-fakes";

const at = ["GET", "/v1/query/7"] as const;

describe("a saved query's declared parameters, normalised for a form", () => {
  it.each([
    // [wire type, type, extra fields expected]
    ["text", "text", {}],
    ["number", "number", {}],
    ["date", "date", {}],
    ["datetime", "date", {}],
    ["DateTime", "date", {}],
    ["enum", "enum", { enumOptions: [] }],
    ["list", "enum", { enumOptions: [] }],
    ["boolean", "text", {}],
  ])("%s → %s", (wireType, type, extra) => {
    const query = normalizeSavedQuery({ parameters: [{ key: "p", type: wireType, value: "x" }] }, 7, ...at);
    expect(query.parameters).toEqual([{ key: "p", type, wireType, value: "x", ...extra }]);
  });

  it("values are text; parameters without a name are dropped, a repeated name keeps its first declaration", () => {
    const query = normalizeSavedQuery(
      {
        parameters: [
          { key: "n", type: "number", value: 20 },
          { type: "text", value: "nameless" },
          { key: "", type: "text" },
          "not an object",
          { key: "n", type: "text", value: "again" },
          { key: "e", type: "enum", value: "a", enumOptions: ["a", 2, null] },
          { key: "t" },
        ],
      },
      7,
      ...at,
    );
    expect(query.parameters).toEqual([
      { key: "n", type: "number", wireType: "number", value: "20" },
      { key: "e", type: "enum", wireType: "enum", value: "a", enumOptions: ["a", "2"] },
      { key: "t", type: "text", wireType: "text" },
    ]);
  });

  it("a body without the optional fields: the id asked for, empty texts, no parameters", () => {
    expect(normalizeSavedQuery({}, 7, ...at)).toEqual({
      query_id: 7,
      name: "",
      description: "",
      is_private: false,
      is_archived: false,
      tags: [],
      parameters: [],
    });
  });

  it.each([[null], [[1, 2]], ["text"]])("a body that is not an object (%j) is an invalid response", (body) => {
    expect(() => normalizeSavedQuery(body, 7, ...at)).toThrow(/not a JSON object/);
  });
});

describe("client.query", () => {
  const setup = (script: Parameters<typeof scriptedFetch>[0]) => {
    const fetch = scriptedFetch(script);
    const clock = new ManualClock(0);
    return { fetch, clock, client: new ServiceClient({ apiKey: "k", baseUrl: "http://svc.test", fetch, clock }) };
  };

  it("GETs /v1/query/{id} with the key in the header only", async () => {
    const { client, fetch, clock } = setup([{ status: 200, body: { query_id: 7, name: "q", parameters: [] } }]);
    expect((await clock.drive(client.query(7))).name).toBe("q");
    expect(fetch.calls[0]!.url).toBe("http://svc.test/v1/query/7");
    expect(fetch.calls[0]!.method).toBe("GET");
    expect(fetch.calls[0]!.headers["x-service-api-key"]).toBe("k");
  });

  it("a bad id is refused before any request", async () => {
    const { client, fetch } = setup([{ status: 200, body: {} }]);
    await expect(client.query(0)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(fetch.calls).toHaveLength(0);
  });

  it("a 404 (no such query, or not this key's) and a body that is not JSON", async () => {
    const missing = setup([{ status: 404, body: { error: "Query not found" } }]);
    expect(isNotFoundError(await missing.clock.drive(missing.client.query(7)).catch((e: unknown) => e))).toBe(true);
    const html = setup([{ status: 200, body: "<html>" }]);
    expect(isInvalidResponseError(await html.clock.drive(html.client.query(7)).catch((e: unknown) => e))).toBe(true);
  });

  it("an unknown latest-result format is refused before any request", () => {
    const { client, fetch } = setup([{ status: 200, body: {} }]);
    expect(() => client.pages({ queryId: 7, format: "xml" as "json" })).toThrow('format must be "csv" or "json"');
    expect(fetch.calls).toHaveLength(0);
  });
});

describe("the public surface", () => {
  it("exports the saved-query and usage types other modules build on", () => {
    const parameter: SavedQueryParameter = {
      key: "k",
      type: "date" satisfies QueryParameterType,
      wireType: "datetime",
    };
    const query: Pick<SavedQuery, "parameters"> = { parameters: [parameter] };
    const usage: Usage = { billing_periods: [] satisfies BillingPeriod[] };
    const options: UsageOptions = { startDate: "2026-01-01", endDate: "2026-02-01" };
    expect([query.parameters.length, usage.billing_periods.length, options.startDate]).toEqual([1, 0, "2026-01-01"]);
  });
});

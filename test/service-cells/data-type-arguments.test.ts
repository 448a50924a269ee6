import type { FetchLike } from "../../src/client";
import { readArguments } from "../../src/service-cells/arguments";
import { plainValue } from "../../src/service-cells/data-type-values";
import { readQueryCell } from "../../src/service-cells/query-request";
import { datasetRequest, resultsRequest } from "../../src/service-cells/request";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { errorOf, generatedMetadata, matrixOf, workbench } from "../functions/support/harness";

/**
 * Data-type values as Excel hands them to `any` parameters (allowCustomDataForDataTypeAny), shaped after the
 * Excel JavaScript API's CellValue types: `type`, `basicType`, `basicValue`, and for entities `text` and
 * `properties`.
 */
const DT = {
  string: { type: "String", basicType: "String", basicValue: "WETH" },
  double: { type: "Double", basicType: "Double", basicValue: 1001 },
  boolean: { type: "Boolean", basicType: "Boolean", basicValue: false },
  entity: {
    type: "Entity",
    text: "ethereum",
    basicType: "Error",
    basicValue: "#VALUE!",
    properties: {
      Chain: { type: "String", basicValue: "ethereum" },
      "Chain id": { type: "Double", basicValue: 1 },
    },
  },
  linkedEntity: {
    type: "LinkedEntity",
    text: "Wrapped Ether (WETH)",
    basicType: "Error",
    basicValue: "#VALUE!",
    id: { entityId: "WETH", domainId: "crypto", serviceId: 268435456, culture: "en-US" },
    properties: { Symbol: { type: "String", basicValue: "WETH" } },
  },
  entityWithoutText: { type: "Entity", basicType: "Error", basicValue: "#VALUE!", properties: {} },
  formattedDate: { type: "FormattedNumber", basicType: "Double", basicValue: 45658, numberFormat: "yyyy-mm-dd" },
  formattedMoney: { type: "FormattedNumber", basicType: "Double", basicValue: 1234.5, numberFormat: "$#,##0.00" },
  error: { type: "Error", basicType: "Error", basicValue: "#DIV/0!", errorType: "Div0" },
  array: {
    type: "Array",
    basicType: "Error",
    basicValue: "#VALUE!",
    elements: [[{ type: "String", basicValue: "a" }], [{ type: "String", basicValue: "b" }]],
  },
  image: { type: "WebImage", address: "https://example.com/logo.png", basicType: "Error", basicValue: "#VALUE!" },
  empty: { type: "Empty", basicType: "Empty", basicValue: "" },
  notAvailable: { type: "NotAvailable", basicType: "String", basicValue: "fallback text" },
};

const at = { fn: "SERVICE.QUERY", argument: 3 };

describe("a data-type value is read as what its cell shows", () => {
  it.each([
    ["String", DT.string, "WETH"],
    ["Double", DT.double, 1001],
    ["Boolean", DT.boolean, false],
    ["Entity: its text", DT.entity, "ethereum"],
    ["LinkedEntity (stocks, geography): its text", DT.linkedEntity, "Wrapped Ether (WETH)"],
    ["FormattedNumber (a date): the serial", DT.formattedDate, 45658],
    ["FormattedNumber (money): the number", DT.formattedMoney, 1234.5],
    ["Empty: blank", DT.empty, null],
    ["a newer type Excel falls back from: its basic value", DT.notAvailable, "fallback text"],
    ["plain text is left alone", "WETH", "WETH"],
    ["a plain number is left alone", 7, 7],
    ["null (an omitted argument) is left alone", null, null],
  ])("%s", (_name, value, expected) => {
    expect(plainValue(value, at)).toEqual(expected);
  });

  it.each([
    ["Error", DT.error, "Argument 3 of SERVICE.QUERY is the error #DIV/0!: fix the cell it comes from."],
    [
      "Array",
      DT.array,
      "Argument 3 of SERVICE.QUERY is an array data type: give its values as a range of cells instead.",
    ],
    [
      "WebImage",
      DT.image,
      "Argument 3 of SERVICE.QUERY is a data type (WebImage) with no value to use: give it text or a number.",
    ],
    [
      "an entity without text",
      DT.entityWithoutText,
      "Argument 3 of SERVICE.QUERY is a data type with no text to use: refer to one of its fields instead (for example =A1.Name).",
    ],
    [
      "an object that is no data type",
      { some: "thing" },
      "Argument 3 of SERVICE.QUERY is an object with no value to use: give it text or a number.",
    ],
  ])("%s: a clear error naming the argument", (_name, value, message) => {
    expect(() => plainValue(value, at)).toThrow(message);
  });
});

describe("through the argument readers, never [object Object]", () => {
  it("QUERY: id, parameter names and values from data types; a date-formatted number becomes a date", () => {
    const cell = readQueryCell(DT.double, [
      [[{ ...DT.string, basicValue: "symbol" }]],
      [[DT.linkedEntity]],
      [["since"]],
      [[DT.formattedDate]],
      [["min_usd"]],
      [[DT.formattedMoney]],
    ]);
    expect(cell.queryId).toBe(1001);
    expect(cell.parameters).toEqual({ symbol: "Wrapped Ether (WETH)", since: "2025-01-01", min_usd: 1234.5 });
    expect(JSON.stringify(cell)).not.toContain("[object Object]");
  });

  it("QUERY: a two-column range of names and values holding data types", () => {
    const cell = readQueryCell(1001, [
      [
        ["symbol", DT.entity],
        ["days", DT.double],
      ],
    ]);
    expect(cell.parameters).toEqual({ symbol: "ethereum", days: 1001 });
  });

  it("QUERY: an error in a range names the argument and the cell in the range", () => {
    expect(() =>
      readQueryCell(1001, [
        [
          ["symbol", "WETH"],
          ["days", DT.error],
        ],
      ]),
    ).toThrow("Argument 2 (row 2, column 2 of its range) of SERVICE.QUERY is the error #DIV/0!");
  });

  it("DATASET: the dataset and its chain from entities", () => {
    const { positional } = readArguments("DATASET", [[[DT.entity]]]);
    const request = datasetRequest({ ...DT.entity, text: "dex" }, positional, readArguments("DATASET", []).options);
    expect(request.source).toMatchObject({ kind: "dataset", dataset: "dex", args: ["ethereum"] });
  });

  it("RESULTS: a query id as a Double and options as data-type text", () => {
    const { positional, options } = readArguments("RESULTS", [[[{ ...DT.string, basicValue: "limit=5" }]]]);
    expect(resultsRequest(DT.double, positional, options).key).toBe("query:1001?limit=5");
  });

  it("RESULTS: an image as the id is refused naming argument 1", () => {
    expect(() => resultsRequest(DT.image, [], readArguments("RESULTS", []).options)).toThrow(
      "Argument 1 of SERVICE.RESULTS is a data type (WebImage)",
    );
  });
});

describe("in a cell, against the real local service", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService({ datasets: true }), generatedMetadata()]);
  }, 120_000);
  afterAll(() => service.close());

  /** Every URL that reached the network, in full. */
  function urlsSeen(): { fetch: FetchLike; urls: string[] } {
    const urls: string[] = [];
    return { urls, fetch: async (url, init) => (urls.push(url), globalThis.fetch(url, init)) };
  }

  it('=SERVICE.DATASET("dex", <chain entity>, "limit=3") asks for the entity\'s text', async () => {
    const seen = urlsSeen();
    const bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey, fetch: seen.fetch });
    try {
      const matrix = matrixOf(await bench.cell("DATASET", "dex", DT.entity, "limit=3").result());
      expect(matrix.length).toBe(4);
      expect(seen.urls.some((u) => new URL(u).pathname === "/v1/dex/pairs/ethereum")).toBe(true);
      expect(seen.urls.join(" ")).not.toMatch(/object(%20| )Object/);
    } finally {
      bench.close();
    }
  });

  it("an error value as an option is a #VALUE! naming the argument, and nothing is requested", async () => {
    const seen = urlsSeen();
    const bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey, fetch: seen.fetch });
    try {
      const error = errorOf(await bench.cell("DATASET", "avs", DT.error).result());
      expect(error.code).toBe("#VALUE!");
      expect(error.message).toBe("Argument 2 of SERVICE.DATASET is the error #DIV/0!: fix the cell it comes from.");
      expect(seen.urls).toEqual([]);
    } finally {
      bench.close();
    }
  });
});

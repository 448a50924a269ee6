import { parseTemporalLiteral } from "../../../src/service/query-language/temporal-literal";

describe("parseTemporalLiteral", () => {
  test.each([
    ["2024-03-05", { type: "date", value: "2024-03-05" }],
    ["2024-02-29", { type: "date", value: "2024-02-29" }],
    ["2000-02-29", { type: "date", value: "2000-02-29" }],
    ["2024-03-05 15:03", { type: "timestamp", value: "2024-03-05 15:03:00" }],
    ["2024-03-05T15:03", { type: "timestamp", value: "2024-03-05 15:03:00" }],
    ["2024-03-05 15:03:59", { type: "timestamp", value: "2024-03-05 15:03:59" }],
    ["2024-03-05 15:03:59.1", { type: "timestamp", value: "2024-03-05 15:03:59.1" }],
    ["2024-03-05T15:03:59.123456789Z", { type: "timestamp", value: "2024-03-05 15:03:59.123456" }],
    ["2024-03-05 00:00Z", { type: "timestamp", value: "2024-03-05 00:00:00" }],
  ])("%j is %j", (text, expected) => {
    expect(parseTemporalLiteral(text)).toEqual(expected);
  });

  test.each([
    "2024-3-5",
    "2024-13-01",
    "2024-00-01",
    "2024-04-31",
    "2023-02-29",
    "1900-02-29",
    "0000-01-01",
    "2024-03-05Z",
    "2024-03-05 24:00",
    "2024-03-05 12:60",
    "2024-03-05 12:00:60",
    "2024-03-05 12",
    "2024-03-05 12:00:00.",
    "2024-03-05 12:00:00.1234567890",
    "2024-03-05 12:00+02:00",
    " 2024-03-05",
    "2024-03-05 ",
    "yesterday",
    "",
  ])("%j is not a date/time", (text) => {
    expect(parseTemporalLiteral(text)).toBeUndefined();
  });
});

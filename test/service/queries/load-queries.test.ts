import { findPlaceholders } from "../../../src/service/queries/placeholders";
import { parseQueriesFile } from "../../../src/service/queries/load-queries";
import { substituteParameters } from "../../../src/service/queries/parameters";
import type { SavedQuery } from "../../../src/service/queries/saved-query";

const base = { query_id: 1, name: "q", owner: "o", team: null, is_private: false };

test.each([
  ["select '{{a}}'", [["a", true]]],
  ["select {{a}}", [["a", false]]],
  [
    "select 'it''s {{a}}' , {{ b }}",
    [
      ["a", true],
      ["b", false],
    ],
  ],
  ['select "col\'umn", {{a}}', [["a", false]]],
  ["select 1 -- it's a comment\n, {{a}}", [["a", false]]],
  [
    "select /* ' */ {{a}}, '{{b}}'",
    [
      ["a", false],
      ["b", true],
    ],
  ],
  [
    "select '{{a}}' || '{{a}}'",
    [
      ["a", true],
      ["a", true],
    ],
  ],
  ["select '{{ not a placeholder'", []],
])("placeholders of %j", (sql, expected) => {
  expect(findPlaceholders(sql).map((p) => [p.key, p.quoted])).toEqual(expected);
});

test.each([
  [
    { ...base, sql: "select {{t}}", parameters: [{ key: "t", type: "text", value: "x" }] },
    'query 1 ("q"): {{t}} is a text parameter outside a quoted literal',
  ],
  [
    { ...base, sql: "select {{d}}", parameters: [{ key: "d", type: "date", value: "2024-01-01" }] },
    "{{d}} is a date parameter outside a quoted literal",
  ],
  [{ ...base, sql: "select '{{x}}'", parameters: [] }, "placeholder {{x}} has no parameter declared"],
  [
    { ...base, sql: "select {{n}}", parameters: [{ key: "n", type: "number", value: "abc" }] },
    "default must be a finite number",
  ],
  [
    { ...base, sql: "select {{e}}", parameters: [{ key: "e", type: "enum", value: "a" }] },
    "an enum parameter needs enumOptions",
  ],
  [
    { ...base, sql: "select {{e}}", parameters: [{ key: "e", type: "enum", value: "z", enumOptions: ["a"] }] },
    "default must be one of a",
  ],
  [
    { ...base, sql: "select 1", parameters: [{ key: "p", type: "json", value: "" }] },
    "type must be one of text, number, date, enum",
  ],
  [{ ...base, query_id: -1, sql: "select 1" }, "query_id must be a positive integer"],
  [{ ...base, sql: "" }, "sql must be a non-empty string"],
])("refuses a bad saved query at load time", (entry, message) => {
  expect(() => parseQueriesFile([entry], "queries.json")).toThrow(message);
});

test("refuses duplicate ids and a non-array file", () => {
  expect(() =>
    parseQueriesFile(
      [
        { ...base, sql: "select 1" },
        { ...base, sql: "select 2" },
      ],
      "f",
    ),
  ).toThrow("query_id 1 appears twice");
  expect(() => parseQueriesFile({}, "f")).toThrow("expected a JSON array");
});

test("accepts number and enum placeholders outside quotes, anything inside", () => {
  const [q] = parseQueriesFile(
    [
      {
        ...base,
        sql: "select '{{t}}', '{{d}}', {{n}}, {{e}} limit {{n}}",
        parameters: [
          { key: "t", type: "text", value: "x" },
          { key: "d", type: "date", value: "2024-01-01" },
          { key: "n", type: "number", value: "5" },
          { key: "e", type: "enum", value: "asc", enumOptions: ["asc", "desc"] },
        ],
      },
    ],
    "f",
  );
  expect(q.parameters).toHaveLength(4);
});

test("substitution is one pass: a value containing a placeholder is not expanded again", () => {
  const q: SavedQuery = {
    ...base,
    sql: "select '{{a}}', '{{b}}'",
    parameters: [
      { key: "a", type: "text", value: "" },
      { key: "b", type: "text", value: "" },
    ],
  };
  expect(substituteParameters(q, { a: "{{b}}", b: "it's" })).toBe("select '{{b}}', 'it''s'");
});

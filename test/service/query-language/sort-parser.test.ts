import { parseSort } from "../../../src/service/query-language";
import { QueryLanguageError } from "../../../src/service/query-language/errors";
import { type SortKey } from "../../../src/service/query-language/sort-parser";
import { COLUMNS } from "./fixtures";

const ACCEPTED: [string, SortKey[]][] = [
  ["usd_liquidity desc", [{ column: "usd_liquidity", direction: "desc" }]],
  ["usd_liquidity", [{ column: "usd_liquidity", direction: "asc" }]],
  ["usd_liquidity ASC", [{ column: "usd_liquidity", direction: "asc" }]],
  ["usd_liquidity DeSc", [{ column: "usd_liquidity", direction: "desc" }]],
  [
    "amount desc, trades",
    [
      { column: "amount", direction: "desc" },
      { column: "trades", direction: "asc" },
    ],
  ],
  ["amount desc nulls first", [{ column: "amount", direction: "desc", nulls: "first" }]],
  ["amount NULLS LAST", [{ column: "amount", direction: "asc", nulls: "last" }]],
  ['"Mixed Case" desc', [{ column: "Mixed Case", direction: "desc" }]],
  ['"say ""hi"""', [{ column: 'say "hi"', direction: "asc" }]],
  ["total_tvl desc", [{ column: "total_TVL", direction: "desc" }]],
  [
    "dec, select desc",
    [
      { column: "dec", direction: "asc" },
      { column: "select", direction: "desc" },
    ],
  ],
  ["projects", [{ column: "projects", direction: "asc" }]],
  [
    "  amount  ,\ttrades\n desc ",
    [
      { column: "amount", direction: "asc" },
      { column: "trades", direction: "desc" },
    ],
  ],
  [
    "Name, NAME",
    [
      { column: "Name", direction: "asc" },
      { column: "NAME", direction: "asc" },
    ],
  ],
];

const REJECTED: [string, number, string][] = [
  ["", 0, "sort_by is empty"],
  ["  ", 0, "sort_by is empty"],
  ["nope", 0, 'unknown column "nope" at position 0; columns are: token_pair, amount'],
  ["amount,,trades", 7, "a column name is missing"],
  [",amount", 0, "a column name is missing"],
  ["amount,", 7, "a column name is missing"],
  ["amount desc desc", 12, "expected ASC, DESC, NULLS FIRST, NULLS LAST or a comma"],
  ["amount trades", 7, "expected ASC, DESC"],
  ["amount nulls", 12, "expected FIRST or LAST after NULLS"],
  ["amount nulls middle", 13, "expected FIRST or LAST after NULLS"],
  ["amount, amount desc", 8, 'column "amount" is listed twice'],
  ["amount, AMOUNT", 8, "listed twice"],
  ["'amount'", 0, "not single quotes"],
  ["lower(token_pair)", 0, "functions are not supported"],
  ["order by amount", 0, "leave out ORDER BY"],
  ["amount desc limit 5", 12, "use the limit parameter"],
  ["amount; drop table t", 6, "; is not allowed"],
  ["amount -- x", 7, "comments are not supported"],
  ["name", 0, 'ambiguous column "name"'],
  ['"amount', 0, "unterminated quoted column name"],
  ["1", 0, "expected a column name"],
  ["amount + 1", 7, "arithmetic"],
  ["x".repeat(10_001), 10_000, "input is too long"],
];

describe("parseSort", () => {
  test.each(ACCEPTED)("accepts %j", (text, expected) => {
    expect(parseSort(text, COLUMNS)).toEqual(expected);
  });

  test.each(REJECTED.map(([t, p, m]) => [JSON.stringify(t.slice(0, 40)), t, p, m] as const))(
    "rejects %s",
    (_, text, position, message) => {
      const error = catchError(() => parseSort(text, COLUMNS));
      expect(error).toBeInstanceOf(QueryLanguageError);
      expect(error.parameter).toBe("sort_by");
      expect(error.message).toContain(message);
      expect(error.message.startsWith("sort_by: ")).toBe(true);
      expect(error.position).toBe(position);
    },
  );
});

function catchError(fn: () => unknown): QueryLanguageError {
  try {
    fn();
  } catch (e) {
    return e as QueryLanguageError;
  }
  throw new Error("expected an error");
}

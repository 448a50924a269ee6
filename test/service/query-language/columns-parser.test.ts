import { parseColumns } from "../../../src/service/query-language";
import { QueryLanguageError } from "../../../src/service/query-language/errors";
import { COLUMNS } from "./fixtures";

const ACCEPTED: [string, string[]][] = [
  ["amount", ["amount"]],
  ["amount,trades", ["amount", "trades"]],
  ["  amount ,\ttrades  ", ["amount", "trades"]],
  ["trades, amount", ["trades", "amount"]],
  ["Mixed Case", ["Mixed Case"]],
  ['"Mixed Case", amount', ["Mixed Case", "amount"]],
  ['"say ""hi"""', ['say "hi"']],
  ["TOTAL_TVL", ["total_TVL"]],
  ["dec, select, in", ["dec", "select", "in"]],
  // duplicates are kept once, at their first place
  ["amount, trades, amount", ["amount", "trades"]],
  ["amount, AMOUNT", ["amount"]],
  ["Name, NAME", ["Name", "NAME"]],
];

const COLUMNS_WITH_COMMA = [...COLUMNS, { name: "a,b", type: "varchar" }];

const REJECTED: [string, number, string][] = [
  ["", 0, "columns is empty"],
  ["   ", 0, "columns is empty"],
  ["nope", 0, 'unknown column "nope" at position 0; columns are: token_pair, amount, trades'],
  ["amount, nope", 8, 'unknown column "nope"'],
  ["amount,,trades", 7, "a column name is missing"],
  ["amount,", 7, "a column name is missing"],
  [",amount", 0, "a column name is missing"],
  ["amount, ", 8, "a column name is missing"],
  ['am"ount', 2, 'unexpected " inside a column name'],
  ['"amount', 0, "unterminated quoted column name"],
  ['"amount" trades', 9, "expected a comma after the quoted column name"],
  ["name", 0, 'ambiguous column "name"'],
  ["amount; drop table t", 0, 'unknown column "amount; drop table t"'],
  ["x".repeat(10_001), 10_000, "input is too long"],
];

describe("parseColumns", () => {
  test.each(ACCEPTED)("accepts %j", (text, expected) => {
    expect(parseColumns(text, COLUMNS)).toEqual(expected);
  });

  it("accepts commas inside double-quoted names", () => {
    expect(parseColumns('"a,b", amount', COLUMNS_WITH_COMMA)).toEqual(["a,b", "amount"]);
  });

  it("lists columns that need quotes in their quoted form", () => {
    expect(() => parseColumns("nope", COLUMNS_WITH_COMMA)).toThrow(
      /"Mixed Case", "say ""hi""", Name, NAME, supply, "a,b"$/,
    );
  });

  test.each(REJECTED.map(([t, p, m]) => [JSON.stringify(t.slice(0, 40)), t, p, m] as const))(
    "rejects %s",
    (_, text, position, message) => {
      let error: QueryLanguageError | undefined;
      try {
        parseColumns(text, COLUMNS);
      } catch (e) {
        error = e as QueryLanguageError;
      }
      expect(error).toBeInstanceOf(QueryLanguageError);
      expect(error?.parameter).toBe("columns");
      expect(error?.message).toContain(message);
      expect(error?.position).toBe(position);
    },
  );
});

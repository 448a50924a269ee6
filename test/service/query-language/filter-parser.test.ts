import { parseFilter } from "../../../src/service/query-language";
import { QueryLanguageError } from "../../../src/service/query-language/errors";
import { type ComparisonOperator } from "../../../src/service/query-language/grammar";
import { type FilterNode, type FilterValue } from "../../../src/service/query-language/filter-ast";
import { bool, COLUMNS, date, num, str, ts } from "./fixtures";

const cmp = (column: string, operator: ComparisonOperator, value: FilterValue): FilterNode => ({
  type: "comparison",
  column,
  operator,
  value,
});
const and = (...operands: FilterNode[]): FilterNode => ({ type: "and", operands });
const or = (...operands: FilterNode[]): FilterNode => ({ type: "or", operands });

const ACCEPTED: [string, FilterNode][] = [
  ["token_pair = 'WETH-USDC'", cmp("token_pair", "=", str("WETH-USDC"))],
  ["token_pair != 'x'", cmp("token_pair", "!=", str("x"))],
  ["token_pair <> 'x'", cmp("token_pair", "!=", str("x"))],
  ["amount < 5", cmp("amount", "<", num(5))],
  ["amount <= 5", cmp("amount", "<=", num(5))],
  ["amount > 5", cmp("amount", ">", num(5))],
  ["amount >= 5", cmp("amount", ">=", num(5))],
  ["amount>=5", cmp("amount", ">=", num(5))],
  ["amount = -5", cmp("amount", "=", num(-5))],
  ["usd_liquidity > 1.5", cmp("usd_liquidity", ">", num(1.5))],
  ["usd_liquidity > .5", cmp("usd_liquidity", ">", num(0.5, ".5"))],
  ["usd_liquidity > -2.5e3", cmp("usd_liquidity", ">", num(-2500, "-2.5e3"))],
  ["usd_liquidity > 1E+6", cmp("usd_liquidity", ">", num(1e6, "1E+6"))],
  ["amount = 12345678901234567890", cmp("amount", "=", num(Number("12345678901234567890"), "12345678901234567890"))],
  ["price >= 10.25", cmp("price", ">=", num(10.25))],
  ["token_pair = 'it''s'", cmp("token_pair", "=", str("it's"))],
  ["token_pair = ''", cmp("token_pair", "=", str(""))],
  ["token_pair = 'a;b -- c /* d */'", cmp("token_pair", "=", str("a;b -- c /* d */"))],
  ["token_pair = 'été 🚀'", cmp("token_pair", "=", str("été 🚀"))],
  ["is_active = TRUE", cmp("is_active", "=", bool(true))],
  ["is_active != false", cmp("is_active", "!=", bool(false))],
  ["block_time > '2024-03-05 15:03'", cmp("block_time", ">", ts("2024-03-05 15:03:00"))],
  ["block_time > '2024-03-05T15:03:07Z'", cmp("block_time", ">", ts("2024-03-05 15:03:07"))],
  ["block_time < '2024-03-05 15:03:07.123456789Z'", cmp("block_time", "<", ts("2024-03-05 15:03:07.123456"))],
  ["block_time >= '2024-02-29'", cmp("block_time", ">=", date("2024-02-29"))],
  ["day = '2024-03-05'", cmp("day", "=", date("2024-03-05"))],
  ["updated_at > '2024-03-05 00:00:01'", cmp("updated_at", ">", ts("2024-03-05 00:00:01"))],
  ["5 < amount", cmp("amount", ">", num(5))],
  ["'2024-01-01' <= block_time", cmp("block_time", ">=", date("2024-01-01"))],
  ["'x' = token_pair", cmp("token_pair", "=", str("x"))],
  ["token_pair IN ('a', 'b')", { type: "in", column: "token_pair", values: [str("a"), str("b")] }],
  ["amount in (1,2,-3)", { type: "in", column: "amount", values: [num(1), num(2), num(-3)] }],
  ["day IN ('2024-01-01')", { type: "in", column: "day", values: [date("2024-01-01")] }],
  ["token_pair LIKE 'WETH-%'", { type: "like", column: "token_pair", pattern: "WETH-%" }],
  ["token_pair like '_'", { type: "like", column: "token_pair", pattern: "_" }],
  ["projects IS NULL", { type: "is_null", column: "projects" }],
  ["payload is not null", { type: "is_not_null", column: "payload" }],
  ["amount > 1 AND trades < 2", and(cmp("amount", ">", num(1)), cmp("trades", "<", num(2)))],
  ["amount > 1 OR trades < 2", or(cmp("amount", ">", num(1)), cmp("trades", "<", num(2)))],
  // AND binds tighter than OR
  [
    "amount = 1 OR amount = 2 AND trades = 3",
    or(cmp("amount", "=", num(1)), and(cmp("amount", "=", num(2)), cmp("trades", "=", num(3)))),
  ],
  [
    "(amount = 1 OR amount = 2) AND trades = 3",
    and(or(cmp("amount", "=", num(1)), cmp("amount", "=", num(2))), cmp("trades", "=", num(3))),
  ],
  // same-kind groups are flattened
  [
    "(amount = 1 OR amount = 2) or amount = 3",
    or(cmp("amount", "=", num(1)), cmp("amount", "=", num(2)), cmp("amount", "=", num(3))),
  ],
  ["((((amount = 1))))", cmp("amount", "=", num(1))],
  [
    "amount = 1 aNd trades = 2 AnD dec = 3",
    and(cmp("amount", "=", num(1)), cmp("trades", "=", num(2)), cmp("dec", "=", num(3))),
  ],
  // keywords of SQL that are real column names are columns
  ["dec = 1", cmp("dec", "=", num(1))],
  ["select = 'x'", cmp("select", "=", str("x"))],
  ["\"in\" = 'x'", cmp("in", "=", str("x"))],
  ["\"Mixed Case\" = 'x'", cmp("Mixed Case", "=", str("x"))],
  ['"say ""hi""" = \'x\'', cmp('say "hi"', "=", str("x"))],
  // exact case first, then a unique case-insensitive match
  ["total_tvl > 0", cmp("total_TVL", ">", num(0))],
  ["TOKEN_PAIR = 'x'", cmp("token_pair", "=", str("x"))],
  ['"TOTAL_TVL" > 0', cmp("total_TVL", ">", num(0))],
  ["Name = 'x'", cmp("Name", "=", str("x"))],
  ["NAME = 'x'", cmp("NAME", "=", str("x"))],
  ["\n\tamount\r\n=\u00a01 ", cmp("amount", "=", num(1))],
];

const REJECTED: [string, number, string][] = [
  ["", 0, "the filter is empty"],
  ["   ", 0, "the filter is empty"],
  ["foo = 1", 0, 'unknown column "foo" at position 0; columns are: token_pair, amount'],
  // Text typed without quotes is not taken for a column name (or for arithmetic): the fix is shown.
  [
    "token_pair = WBTC-WETH",
    13,
    "unquoted text \"WBTC-WETH\" at position 13; put text in single quotes: token_pair = 'WBTC-WETH'",
  ],
  ["token_pair = WETH AND amount > 5", 13, "put text in single quotes: token_pair = 'WETH'"],
  ["token_pair != WETH", 14, "put text in single quotes: token_pair != 'WETH'"],
  ["token_pair IN (WETH, 'x')", 15, "put text in single quotes, e.g. 'WETH'"],
  ["amount = 1 AND nope = 2", 15, 'unknown column "nope"'],
  ["name = 'x'", 0, 'ambiguous column "name"'],
  ["amount = 1 AND NOT trades = 2", 15, "NOT is not supported, use != or rewrite the condition"],
  ["NOT amount = 1", 0, "NOT is not supported"],
  ["token_pair NOT IN ('a')", 11, "NOT IN is not supported"],
  ["token_pair NOT LIKE 'a%'", 11, "NOT LIKE is not supported"],
  ["amount BETWEEN 1 AND 2", 7, "BETWEEN is not supported"],
  ["lower(token_pair) = 'x'", 0, "functions such as lower(...) are not supported"],
  ["token_pair = upper('x')", 13, "functions such as upper(...)"],
  ["amount = (SELECT 1)", 9, "expected a column or a value"],
  ["amount = 1 UNION SELECT 1", 11, "sub-queries and SQL statements are not supported"],
  ["amount IN (SELECT 1)", 11, 'column "select" cannot be inside IN'],
  ["EXISTS (SELECT 1)", 0, "sub-queries"],
  ["amount + 1 > 2", 7, "arithmetic is not supported"],
  ["amount * 2 > 2", 7, "arithmetic"],
  ["amount > 2 / 3", 11, "arithmetic"],
  ["amount - 1 > 2", 7, "arithmetic is not supported"],
  ["amount = 1; DROP TABLE t", 10, "; is not allowed"],
  ["amount = 1 -- comment", 11, "comments are not supported"],
  ["amount = 1 /* c */", 11, "comments are not supported"],
  ["token_pair = 'unterminated", 13, "unterminated text"],
  ['"token_pair = 1', 0, "unterminated quoted column name"],
  ["amount = 1 AND", 14, "the condition is incomplete"],
  ["amount =", 8, "the condition is incomplete"],
  ["(amount = 1", 11, "to close the ( at position 0"],
  ["amount = 1)", 10, "no matching ("],
  ["()", 1, "expected a column or a value"],
  ["amount", 6, "expected =, !=, <, <=, >, >=, IN, LIKE or IS NULL"],
  ["amount == 1", 7, "use a single ="],
  ["amount => 1", 7, "did you mean >="],
  ["amount = NULL", 9, "IS NULL"],
  ["amount IS 1", 10, "expected NULL or NOT NULL after IS"],
  ["amount IS NOT 1", 14, "expected NULL after IS NOT"],
  ["token_pair IN ()", 15, "IN needs at least one value"],
  ["token_pair IN 'a'", 14, "IN needs a list of values in parentheses"],
  ["token_pair IN ('a' 'b')", 19, "expected , or ) in the IN list"],
  ["token_pair IN ('a', amount)", 20, "cannot be inside IN"],
  ["token_pair LIKE token_pair", 16, "LIKE needs a pattern in single quotes"],
  ["amount LIKE '1%'", 0, "LIKE needs a text column"],
  ["amount = '5'", 9, "remove the quotes, e.g. 5"],
  ["amount = 'five'", 9, "use a number"],
  ["token_pair = 5", 13, "put the value in single quotes, e.g. '5'"],
  ["token_pair = TRUE", 13, "cannot be compared with text column"],
  ["is_active = 'true'", 12, "use TRUE or FALSE without quotes"],
  ["is_active < TRUE", 0, "< cannot be used with boolean column"],
  ["block_time > '2024-13-05'", 13, "is not a valid date/time"],
  ["block_time > '2023-02-29'", 13, "is not a valid date/time"],
  ["block_time > '2024-03-05 24:00'", 13, "YYYY-MM-DD"],
  ["block_time > '2024-03-05Z'", 13, "is not a valid date/time"],
  ["block_time > 'yesterday'", 13, "is not a valid date/time"],
  ["block_time > 20240305", 13, "put the date in single quotes"],
  ["day IN ('2024-01-01', 'soon')", 22, "is not a valid date/time"],
  ["projects = 'uniswap'", 0, 'column "projects" has type array(varchar)'],
  ["projects IN ('a')", 0, "only IS NULL and IS NOT NULL"],
  ["payload = 'x'", 0, "only IS NULL and IS NOT NULL"],
  ["amount = trades", 9, "compare a column with a value"],
  ["1 = 1", 0, "a comparison needs a column on one side"],
  ["'a' IN ('a')", 4, "IN needs a column on its left"],
  ["amount = 0x10", 9, 'malformed number "0x10"'],
  ["amount = 1e999", 9, "out of range"],
  ["amount = 1.2.3", 9, "malformed number"],
  ["t.amount = 1", 1, "qualified names are not supported"],
  ["`amount` = 1", 0, "double quotes"],
  ["token_pair = ‘x’", 13, "curly quotes"],
  ["token_pair = {{pair}}", 13, "{{name}} are not supported"],
  ["amount = ?", 9, "placeholders are not supported"],
  ["amount = $1", 9, "placeholders are not supported"],
  ["amount::varchar = '1'", 6, "casts are not supported"],
  ["token_pair || 'x' = 'y'", 11, "use OR"],
  ["amount = 1 && trades = 2", 11, "use AND"],
  ["amount = 1 limit 5", 11, "use the limit parameter"],
  ["amount = 1 ORDER BY amount", 11, "sort_by parameter"],
  ["WHERE amount = 1", 0, "leave out WHERE"],
  ["token_pair ILIKE 'a%'", 11, "ILIKE is not supported"],
  ["amount = 1 trades = 2", 11, "expected AND, OR or the end of the filter"],
  ["café = 1", 3, 'unexpected character "é"'],
  ["amount = 1 AND AND trades = 2", 15, "expected a column or a value"],
  ["block_time > TIMESTAMP '2024-01-01'", 13, "write the timestamp as a quoted string"],
  ["amount IN (1, NULL)", 14, "IS NULL"],
  ["x".repeat(10_001), 10_000, "input is too long (10001 characters) at position 10000; the limit is 10000 characters"],
  ["(".repeat(51) + "amount = 1" + ")".repeat(51), 50, "parentheses nested too deeply"],
];

/** Test titles show the input, cut so a 10,000-character row does not flood the report. */
function label(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length} chars)` : text);
}

describe("parseFilter", () => {
  it("has the table sizes the brief asks for", () => {
    expect(ACCEPTED.length).toBeGreaterThanOrEqual(40);
    expect(REJECTED.length).toBeGreaterThanOrEqual(40);
  });

  test.each(ACCEPTED.map(([text, ast]) => [label(text), text, ast] as const))("accepts %s", (_, text, expected) => {
    expect(parseFilter(text, COLUMNS)).toEqual(expected);
  });

  test.each(REJECTED.map(([text, position, message]) => [label(text), text, position, message] as const))(
    "rejects %s at position %d",
    (_, text, position, message) => {
      let error: unknown;
      try {
        parseFilter(text, COLUMNS);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(QueryLanguageError);
      const qe = error as QueryLanguageError;
      expect(qe.parameter).toBe("filters");
      expect(qe.message).toContain(message);
      expect(qe.position).toBe(position);
      expect(qe.message).toMatch(/^filters: .* at position \d+/);
    },
  );

  it("accepts exactly 50 levels of parentheses", () => {
    const text = "(".repeat(50) + "amount = 1" + ")".repeat(50);
    expect(parseFilter(text, COLUMNS)).toEqual(cmp("amount", "=", num(1)));
  });

  it("accepts input of exactly the length limit", () => {
    const term = "amount = 1 OR ";
    let text = term.repeat(Math.floor(9_990 / term.length)) + "amount = 1";
    text = text + " ".repeat(10_000 - text.length);
    expect(text.length).toBe(10_000);
    const node = parseFilter(text, COLUMNS);
    expect(node.type).toBe("or");
  });

  it("reports the earliest problem when the tokenizer and the parser both find one", () => {
    expect(() => parseFilter("nope = 1; DROP TABLE t", COLUMNS)).toThrow(/unknown column "nope" at position 0/);
  });

  it("error messages escape control characters instead of printing them", () => {
    expect(() => parseFilter("amount = 1 \u0007", COLUMNS)).toThrow(/"\\u0007"/);
  });
});

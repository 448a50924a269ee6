import { parseFilter, renderFilter, SqlParams } from "../../../src/service/query-language";
import { type FilterNode } from "../../../src/service/query-language/filter-ast";
import { type SqlParamValue } from "../../../src/service/query-language/sql-params";
import { COLUMNS } from "./fixtures";

const RENDERED: [string, string, SqlParamValue[]][] = [
  ["token_pair = 'WETH-USDC'", `"token_pair" = $1`, ["WETH-USDC"]],
  ["token_pair != 'x'", `"token_pair" <> $1`, ["x"]],
  ["token_pair <> 'x'", `"token_pair" <> $1`, ["x"]],
  ["token_pair = 'x''); DROP TABLE t; --'", `"token_pair" = $1`, ["x'); DROP TABLE t; --"]],
  ["amount >= -5", `"amount" >= $1`, [-5]],
  ["usd_liquidity < 1.5e3", `"usd_liquidity" < $1`, [1500]],
  ["usd_liquidity < 0.25", `"usd_liquidity" < $1`, [0.25]],
  ["amount = 12345678901234567890", `"amount" = CAST($1 AS HUGEINT)`, ["12345678901234567890"]],
  ["usd_liquidity < 1e20", `"usd_liquidity" < CAST($1 AS DOUBLE)`, ["100000000000000000000"]],
  ["usd_liquidity < 12345678901234567890", `"usd_liquidity" < CAST($1 AS DOUBLE)`, ["12345678901234567000"]],
  ["price < 12345678901234567890", `"price" < CAST($1 AS HUGEINT)`, ["12345678901234567890"]],
  [
    "supply = 12345678901234567890123456789012345678",
    `"supply" = CAST($1 AS HUGEINT)`,
    ["12345678901234567890123456789012345678"],
  ],
  ["price = 12345678901234567890123456789012345678", `"price" = CAST($1 AS DOUBLE)`, ["1.2345678901234568e+37"]],
  ["is_active = true", `"is_active" = $1`, [true]],
  ["block_time > '2024-03-05 15:03'", `"block_time" > CAST($1 AS TIMESTAMP)`, ["2024-03-05 15:03:00"]],
  ["block_time > '2024-03-05'", `"block_time" > CAST($1 AS TIMESTAMP)`, ["2024-03-05"]],
  ["day = '2024-03-05'", `"day" = CAST($1 AS DATE)`, ["2024-03-05"]],
  ["day < '2024-03-05T12:00Z'", `"day" < CAST($1 AS TIMESTAMP)`, ["2024-03-05 12:00:00"]],
  ["updated_at >= '2024-03-05'", `"updated_at" >= CAST($1 AS TIMESTAMPTZ)`, ["2024-03-05 00:00:00+00"]],
  ["updated_at >= '2024-03-05 01:02:03.5'", `"updated_at" >= CAST($1 AS TIMESTAMPTZ)`, ["2024-03-05 01:02:03.5+00"]],
  ["token_pair IN ('a', 'b')", `"token_pair" IN ($1, $2)`, ["a", "b"]],
  [
    "day IN ('2024-01-01', '2024-01-02')",
    `"day" IN (CAST($1 AS DATE), CAST($2 AS DATE))`,
    ["2024-01-01", "2024-01-02"],
  ],
  ["token_pair LIKE 'WETH-%'", `"token_pair" LIKE $1`, ["WETH-%"]],
  ["projects IS NULL", `"projects" IS NULL`, []],
  ["projects IS NOT NULL", `"projects" IS NOT NULL`, []],
  ["dec = 1", `"dec" = $1`, [1]],
  ["select = 'x'", `"select" = $1`, ["x"]],
  ['"say ""hi""" = \'x\'', `"say ""hi""" = $1`, ["x"]],
  ["total_tvl > 0", `"total_TVL" > $1`, [0]],
  ["amount = 1 AND trades = 2", `("amount" = $1 AND "trades" = $2)`, [1, 2]],
  ["amount = 1 OR amount = 2 AND trades = 3", `("amount" = $1 OR ("amount" = $2 AND "trades" = $3))`, [1, 2, 3]],
  ["(amount = 1 OR amount = 2) AND trades = 3", `(("amount" = $1 OR "amount" = $2) AND "trades" = $3)`, [1, 2, 3]],
];

describe("renderFilter", () => {
  test.each(RENDERED)("%j renders as %s", (text, sql, values) => {
    const params = new SqlParams();
    expect(renderFilter(parseFilter(text, COLUMNS), COLUMNS, params)).toBe(sql);
    expect(params.values).toEqual(values);
  });

  it("continues the placeholder numbering of a shared SqlParams", () => {
    const params = new SqlParams();
    params.add("earlier");
    expect(renderFilter(parseFilter("amount = 1", COLUMNS), COLUMNS, params)).toBe(`"amount" = $2`);
    expect(params.values).toEqual(["earlier", 1]);
  });

  // Hand-built ASTs (e.g. deserialized) are re-checked: none of these may put text into the SQL.
  const HOSTILE: [string, unknown][] = [
    ["an unknown node type", { type: "raw", sql: "1=1" }],
    ["a column that is not in the result", { type: "is_null", column: 'x" OR 1=1 --' }],
    [
      "an unknown operator",
      { type: "comparison", column: "amount", operator: "= 1 OR 1 =", value: { type: "number", value: 1, text: "1" } },
    ],
    [
      "a value of an unknown type",
      { type: "comparison", column: "amount", operator: "=", value: { type: "sql", value: "1" } },
    ],
    [
      "a number that is not finite",
      { type: "comparison", column: "amount", operator: "=", value: { type: "number", value: NaN, text: "NaN" } },
    ],
    [
      "a malformed timestamp",
      { type: "comparison", column: "block_time", operator: "=", value: { type: "timestamp", value: "now()" } },
    ],
    ["an empty IN list", { type: "in", column: "amount", values: [] }],
    ["an empty AND", { type: "and", operands: [] }],
    ["a non-string LIKE pattern", { type: "like", column: "token_pair", pattern: { toString: () => "x" } }],
    [
      "a string node value that is not a string",
      { type: "comparison", column: "token_pair", operator: "=", value: { type: "string", value: 5 } },
    ],
  ];
  test.each(HOSTILE)("refuses a hand-built AST with %s", (_, node) => {
    expect(() => renderFilter(node as FilterNode, COLUMNS, new SqlParams())).toThrow(/renderFilter/);
  });

  it("refuses a hand-built AST nested beyond what the parser can produce", () => {
    let node: FilterNode = { type: "is_null", column: "amount" };
    for (let i = 0; i < 200; i++) node = { type: i % 2 ? "and" : "or", operands: [node] };
    expect(() => renderFilter(node, COLUMNS, new SqlParams())).toThrow(/nested too deeply/);
  });
});

import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import fc from "fast-check";
import {
  parseColumns,
  parseFilter,
  parseSort,
  quoteIdentifier,
  renderFilter,
  renderSort,
  SqlParams,
} from "../../../src/service/query-language";
import { type ColumnInfo } from "../../../src/service/query-language/column-types";
import { validColumns, validFilter, validSort } from "./arbitraries";
import { COLUMNS } from "./fixtures";
import { assertSafeFilterSql, assertSafeSortSql } from "./sql-whitelist";

/** DuckDB folds identifier case, so the Name/NAME pair of the fixture cannot be one table; the rest can. */
const TABLE_COLUMNS: readonly ColumnInfo[] = COLUMNS.filter((c) => c.name.toLowerCase() !== "name");
const DUCKDB_TYPES: Record<string, string> = {
  varchar: "VARCHAR",
  bigint: "BIGINT",
  integer: "INTEGER",
  double: "DOUBLE",
  "decimal(10,2)": "DECIMAL(10,2)",
  boolean: "BOOLEAN",
  date: "DATE",
  timestamp: "TIMESTAMP",
  "timestamp with time zone": "TIMESTAMPTZ",
  "array(varchar)": "VARCHAR[]",
  "decimal(38,0)": "DECIMAL(38,0)",
  json: "VARCHAR", // the API type only restricts the filter to IS [NOT] NULL; the storage type does not matter here
};

const ROWS = [
  `'WETH-USDC', 5, 3, 1000.5, 1.25, true, DATE '2024-03-05', TIMESTAMP '2024-03-05 15:03:00', TIMESTAMPTZ '2024-03-05 15:03:00+00', ['uniswap', 'curve'], '{}', 10.0, 1, 's', 'i', 'm', 'h', 12345678901234567890123456789012345678`,
  `'it''s', -7, 0, 0.0, 99.99, false, DATE '2023-12-31', TIMESTAMP '2023-12-31 23:59:59.5', TIMESTAMPTZ '2023-12-31 23:59:59+00', [], NULL, 0, 2, NULL, NULL, NULL, NULL, -1`,
  `NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL`,
];

let connection: DuckDBConnection;

beforeAll(async () => {
  const instance = await DuckDBInstance.create(":memory:");
  connection = await instance.connect();
  const ddl = TABLE_COLUMNS.map((c) => `${quoteIdentifier(c.name)} ${DUCKDB_TYPES[c.type]}`).join(", ");
  await connection.run(`CREATE TABLE t (${ddl})`);
  for (const row of ROWS) await connection.run(`INSERT INTO t VALUES (${row})`);
});

afterAll(() => {
  connection?.closeSync();
});

async function count(filter: string): Promise<number> {
  const params = new SqlParams();
  const where = renderFilter(parseFilter(filter, TABLE_COLUMNS), TABLE_COLUMNS, params);
  assertSafeFilterSql(where, params.values, TABLE_COLUMNS);
  const reader = await connection.runAndReadAll(`SELECT count(*) FROM t WHERE ${where}`, params.values);
  return Number(reader.getRowsJS()[0][0]);
}

describe("rendered SQL on a real DuckDB", () => {
  test.each<[string, number]>([
    ["token_pair = 'WETH-USDC'", 1],
    ["token_pair = 'it''s'", 1],
    ["token_pair != 'WETH-USDC'", 1], // NULL is neither equal nor unequal
    ["token_pair LIKE 'WETH%'", 1],
    ["token_pair IS NULL", 1],
    ["amount > 0", 1],
    ["amount >= -7", 2],
    ["-7 = amount", 1],
    ["amount IN (5, -7)", 2],
    ["amount < 12345678901234567890", 2],
    ["usd_liquidity < 1e300", 2],
    ["price = 1.25", 1],
    ["price < 12345678901234567890", 2],
    ["is_active = TRUE", 1],
    ["is_active != TRUE", 1],
    ["day = '2024-03-05'", 1],
    ["day > '2024-01-01 12:00'", 1],
    ["block_time > '2024-03-05 15:02'", 1],
    ["block_time >= '2024-03-05T15:03:00Z'", 1],
    ["block_time < '2024-01-01'", 1],
    ["block_time = '2023-12-31 23:59:59.5'", 1],
    ["updated_at > '2024-03-05 15:02:59'", 1],
    ["updated_at < '2024-01-01'", 1],
    ["projects IS NOT NULL", 2],
    ["payload IS NULL", 2],
    ["dec = 1 OR select = 's'", 1],
    ['"in" = \'i\' AND "Mixed Case" = \'m\' AND "say ""hi""" = \'h\'', 1],
    ["(amount > 0 OR amount < 0) AND is_active = FALSE", 1],
    ["total_tvl = 10", 1],
    // 38 digits compared exactly: one less does not match
    ["supply = 12345678901234567890123456789012345678", 1],
    ["supply = 12345678901234567890123456789012345677", 0],
    ["supply > 12345678901234567890123456789012345677", 1],
    ["supply < 123456789012345678901234567890123456789012", 2],
    ["price < -000000000000000000000000000012345678901234567890", 0],
  ])("%s matches %d row(s)", async (filter, expected) => {
    expect(await count(filter)).toBe(expected);
  });

  it("every generated valid filter runs (and is whitelisted)", async () => {
    await fc.assert(
      fc.asyncProperty(validFilter(TABLE_COLUMNS), async (filter) => {
        const n = await count(filter);
        if (!(n >= 0 && n <= ROWS.length)) throw new Error(`count ${n}`);
      }),
      { numRuns: 300 },
    );
  });

  it("every generated sort_by and columns list runs", async () => {
    await fc.assert(
      fc.asyncProperty(validSort(TABLE_COLUMNS), validColumns(TABLE_COLUMNS), async (sortBy, columns) => {
        const orderBy = renderSort(parseSort(sortBy, TABLE_COLUMNS));
        assertSafeSortSql(orderBy, TABLE_COLUMNS);
        const select = parseColumns(columns, TABLE_COLUMNS).map(quoteIdentifier).join(", ");
        const reader = await connection.runAndReadAll(`SELECT ${select} FROM t ORDER BY ${orderBy}`);
        if (reader.getRowsJS().length !== ROWS.length) throw new Error("row count");
      }),
      { numRuns: 150 },
    );
  });

  it("sorts as asked, nulls placement included", async () => {
    const read = async (sortBy: string) =>
      (await connection.runAndReadAll(`SELECT amount FROM t ORDER BY ${renderSort(parseSort(sortBy, TABLE_COLUMNS))}`))
        .getRowsJS()
        .map((r) => (r[0] === null ? null : Number(r[0])));
    expect(await read("amount desc nulls last")).toEqual([5, -7, null]);
    expect(await read("AMOUNT ASC NULLS FIRST")).toEqual([null, -7, 5]);
  });
});

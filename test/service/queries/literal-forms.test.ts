import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { parseQueriesFile } from "../../../src/service/queries/load-queries";
import { substituteParameters } from "../../../src/service/queries/parameters";
import type { QueryParameter, SavedQuery } from "../../../src/service/queries/saved-query";

/**
 * Every literal form DuckDB's lexer knows (its scanner is PostgreSQL's: duckdb/duckdb third_party/libpg_query/scan.l),
 * with a placeholder inside. Only a plain '…' literal, whose one escape (a doubled quote) substitution reproduces
 * exactly, may hold one; every other form is refused at load time with the query's id, its name and the reason.
 */
const PARAMETERS: QueryParameter[] = [
  { key: "t", type: "text", value: "x" },
  { key: "n", type: "number", value: "1" },
  { key: "e", type: "enum", value: "asc", enumOptions: ["asc", "desc"] },
];

function load(sql: string): SavedQuery {
  const entry = { query_id: 77, name: "Literal forms", owner: "o", team: null, is_private: false, sql };
  return parseQueriesFile([{ ...entry, parameters: PARAMETERS }], "queries.json")[0];
}

const REFUSED: [string, string, string][] = [
  ["escape string E'…'", "select E'{{t}}%'", "escape string"],
  ["escape string e'…'", "select e'{{t}}'", "escape string"],
  ["escape string right after a number", "select 1e'{{t}}'", "escape string"],
  ["escape string after a lone $", "select $e'{{t}}'", "escape string"],
  ["a plain literal continuing an escape string", "select E'a'\n'{{t}}'", "escape string"],
  ["the same across a comment line", "select E'a' -- note\n  '{{t}}'", "escape string"],
  ["dollar-quoted string $$…$$", "select $${{t}}$$", "dollar-quoted string"],
  ["dollar-quoted string $tag$…$tag$", "select $q$it's {{t}}$q$", "dollar-quoted string"],
  ["a number inside a dollar-quoted string", "select $${{n}}$$", "dollar-quoted string"],
  ["double-quoted identifier", 'select 1 as "{{t}}"', "double-quoted identifier"],
  ["an enum inside a double-quoted identifier", 'select "col_{{e}}" from t', "double-quoted identifier"],
  ['Unicode identifier U&"…"', 'select 1 as U&"{{t}}"', "double-quoted identifier"],
  ["bit string b'…'", "select b'{{t}}'", "bit string"],
  ["bit string B'…'", "select B'1{{t}}'", "bit string"],
  ["hex string x'…'", "select x'{{t}}'", "hex string"],
  ["hex string after a zero (0x'…')", "select 0x'{{t}}'", "hex string"],
  ["national string N'…'", "select N'{{t}}'", "national string"],
  ["Unicode string U&'…'", "select U&'{{t}}'", "Unicode string"],
  ["Unicode string u&'…'", "select u&'{{t}}'", "Unicode string"],
  ["text outside a literal", "select {{t}}", "outside a quoted literal"],
  ["an enum right before a quote (it would become a prefix)", "select {{e}}'{{t}}'", "right before"],
  ["an enum right after a $ (it would become a dollar-quote tag)", "select ${{e}} $ 1", "right after"],
];

test.each(REFUSED)("refuses a placeholder in this form: %s", (_form, sql, reason) => {
  let message = "";
  try {
    load(sql);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain('query 77 ("Literal forms")');
  expect(message).toContain(reason);
});

/** Accepted templates: the value must land as data, byte for byte, whatever it holds. */
const ACCEPTED: [string, string][] = [
  ["plain literal", "select '{{t}}' as v"],
  ["plain literal after a doubled quote", "select 'it''s ' || '{{t}}' as v"],
  ["plain literal continued on the next line", "select 'a'\n'{{t}}' as v"],
  ["plain literal after a dollar-quoted string holding a quote", "select $$it's$$ as a, '{{t}}' as v"],
  ["plain literal after a double-quoted identifier holding a quote", "select 1 as \"it's\", '{{t}}' as v"],
  ["plain literal after an identifier ending in e", "select 'a' as e, '{{t}}' as v"],
  ["plain literal after an identifier ending in $", "with e$ as (select 1) select '{{t}}' as v from e$"],
  ["plain literal after a nested block comment holding a quote", "select /* /* ' */ ' */ '{{t}}' as v"],
  ["plain literal after E'…' with an escaped quote", "select E'it\\'s' as a, '{{t}}' as v"],
  ["plain literal after 1e5 (a number, then a space)", "select 1e5 as a, '{{t}}' as v"],
];

const HOSTILE = ["'", "\\'", "x\\', (select 1)) --", "'' ) --", "\n) union all select 'y' --", "*/ 1 /*", "$$", "e'"];

let db: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  db = await DuckDBInstance.create(":memory:");
  conn = await db.connect();
});
afterAll(() => {
  conn.closeSync();
  db.closeSync();
});

test.each(ACCEPTED)("accepts a placeholder in this form: %s, and the value lands as data", async (_form, sql) => {
  const query = load(sql);
  for (const value of HOSTILE) {
    const text = substituteParameters(query, { t: value, n: "1", e: "asc" });
    const rows = (await conn.runAndReadAll(text)).getRowObjectsJson();
    expect(rows).toHaveLength(1);
    expect(String(rows[0].v).endsWith(value)).toBe(true);
  }
});

test("a placeholder in a comment is not substituted (DuckDB never reads it)", () => {
  for (const sql of ["select 1 -- '{{t}}'", "select /* a /* nested */ '{{t}}' */ 1", "select 'a' -- {{t}}\n'b'"]) {
    expect(substituteParameters(load(sql), { t: "\n) --", n: "1", e: "asc" })).toBe(sql);
  }
});

test("enum options that stand outside quotes must be plain words", () => {
  const entry = {
    query_id: 78,
    name: "Order",
    owner: "o",
    team: null,
    is_private: false,
    sql: "select 1 order by 1 {{e}}",
  };
  const bad = { key: "e", type: "enum", value: "asc", enumOptions: ["asc", "desc -- x"] };
  expect(() => parseQueriesFile([{ ...entry, parameters: [bad] }], "f")).toThrow(/query 78 \("Order"\).*desc -- x/);
  const good = { ...bad, enumOptions: ["asc", "desc", "nulls first"] };
  expect(parseQueriesFile([{ ...entry, parameters: [good] }], "f")).toHaveLength(1);
});

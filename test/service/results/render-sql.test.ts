import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { csvLineSql, jsonRowSql, jsonValueSql } from "../../../src/service/results/render-sql";
import { quoteIdentifier } from "../../../src/service/query-language";
import { apiTypeName } from "../../../src/service/engine/type-names";
import type { ResultColumn } from "../../../src/service/executions/execution-record";

/**
 * The row text the service writes into result pages, held against DuckDB's own JSON object builder: the service
 * writes each object as text for speed, and the text must be the very JSON `json_object(...)` would give, for
 * every column type it serves and for names and values that need escaping.
 */
const ROWS = `
  SELECT * FROM (VALUES
    (1, 9007199254740993::BIGINT, 12.5::DOUBLE, 'plain', TIMESTAMP '2024-03-05 15:03:00.123', DATE '2024-03-05',
     true, 123.45::DECIMAL(10,2), 12345678901234567.89::DECIMAL(38,2), ['a', 'b"c'], {'k': 1, 'v': 'x'},
     MAP {'m': 2}, TIMESTAMPTZ '2024-03-05 15:03:00+02', 170141183460469231731687303715884105727::HUGEINT),
    (2, -5::BIGINT, 'NaN'::DOUBLE, 'quote " backslash \\ tab ' || chr(9) || ' nl ' || chr(10) || ' ünï 😀', NULL,
     NULL, NULL, NULL, NULL, [], NULL, NULL, NULL, NULL),
    (3, NULL, 'Infinity'::DOUBLE, '', NULL, NULL, false, -0.5::DECIMAL(10,2), NULL, NULL, NULL, NULL, NULL, -1::HUGEINT)
  ) AS t("id", "wide", "ratio", "it's ""odd"" ünï back\\slash", "at", "day", "flag", "price", "big", "tags", "obj", "m",
         "at_tz", "huge")`;

let instance: DuckDBInstance;
let conn: DuckDBConnection;
let columns: ResultColumn[];

beforeAll(async () => {
  instance = await DuckDBInstance.create(":memory:");
  conn = await instance.connect();
  await conn.run(`SET TimeZone = 'UTC'`);
  await conn.run(`CREATE TABLE t AS ${ROWS}`);
  const described = (await conn.runAndReadAll("DESCRIBE t")).getRows();
  // The service's own names for the engine's types (`array(varchar)`, `row(...)`), as stored results carry them.
  columns = described.map((r) => ({ name: String(r[0]), type: apiTypeName(String(r[1])) }) as ResultColumn);
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

async function texts(expression: string): Promise<string[]> {
  return (await conn.runAndReadAll(`SELECT ${expression} FROM t ORDER BY id`)).getRows().map((r) => String(r[0]));
}

test("each row's text is exactly the JSON object DuckDB builds from the same values, keys in order", async () => {
  const reference = `json_object(${columns.map((c) => `'${c.name.replace(/'/g, "''")}', ${jsonValueSql(c)}`).join(", ")})::VARCHAR`;
  const [ours, theirs] = await Promise.all([texts(jsonRowSql(columns)), texts(reference)]);
  expect(ours).toEqual(theirs);
  const parsed = ours.map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(Object.keys(parsed[0]!)).toEqual(columns.map((c) => c.name));
  expect(parsed[0]!.wide).toBe("9007199254740993");
  expect(parsed[1]!).toMatchObject({ at: null, ratio: "nan", tags: [] });
  expect(parsed[1]![`it's "odd" ünï back\\slash`]).toBe('quote " backslash \\ tab \t nl \n ünï 😀');
});

test("a subset of columns in another order, and no columns at all", async () => {
  const picked = [columns[3]!, columns[0]!];
  const rows = (await texts(jsonRowSql(picked))).map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(Object.keys(rows[0]!)).toEqual([picked[0]!.name, "id"]);
  expect(await texts(jsonRowSql([]))).toEqual(["{}", "{}", "{}"]);
});

test("CSV lines: every field as the general quoting rule writes it, though plain types skip the rule", async () => {
  // The general rule (RFC 4180; NULL empty, an empty text "") applied to every field, the way types that cannot
  // need quoting were written before they skipped it.
  const textOf = (c: ResultColumn): string => {
    const x = quoteIdentifier(c.name);
    if (c.type === "varchar") return x;
    if (c.type === "timestamp with time zone") return `strftime(timezone('UTC', ${x}), '%Y-%m-%d %H:%M:%S.%g')`;
    if (c.type === "timestamp") return `strftime(${x}, '%Y-%m-%d %H:%M:%S.%g')`;
    if (/^(array|row|map)\(/.test(c.type)) return `to_json(${x})::VARCHAR`;
    return `${x}::VARCHAR`;
  };
  const quoted = (x: string) =>
    `CASE WHEN ${x} IS NULL THEN '' WHEN ${x} = '' THEN '""' ` +
    `WHEN regexp_matches(${x}, '[",\\r\\n]') THEN '"' || replace(${x}, '"', '""') || '"' ELSE ${x} END`;
  const general = `concat(${columns.map((c) => quoted(textOf(c))).join(", ',', ")})`;
  const [ours, reference] = await Promise.all([texts(csvLineSql(columns)), texts(general)]);
  expect(ours).toEqual(reference);
  expect(ours[1]).toContain(`"quote "" backslash \\ tab \t nl \n ünï 😀"`);
  expect(ours[2]!.split(",").slice(0, 4)).toEqual(["3", "", "inf", '""']);
});

import { DATASET_CATALOG, type UploadedTable } from "../../src/client";
import { sqlNames } from "../../src/taskpane/logic/sql/sql-names";
import { errorPosition, placeholdersOf, sqlRefusal } from "../../src/taskpane/logic/sql/sql-text";

describe("SQL text checked in the pane before anything is sent", () => {
  test("placeholders are refused with the way to parameterise it; plain text passes", () => {
    expect(placeholdersOf("select {{ chain }}, {{days}} where x = {{chain}}")).toEqual(["chain", "days"]);
    expect(sqlRefusal("select * from t where d > {{days}}")).toMatch(/parameters \(\{\{days\}\}\).*save it as a query/);
    expect(sqlRefusal("select '{' || '}' as braces")).toBeUndefined();
    expect(sqlRefusal("  \n ")).toBe("Write a SQL query first.");
  });
});

describe("the position an engine's error names", () => {
  test("the real service's `line 1:8:` form", () => {
    const sql = "select x from t";
    const message = "line 1:8: Column 'x' cannot be resolved at line 1, position 8.";
    expect(errorPosition(message, sql)).toEqual({ line: 1, column: 8, offset: 7 });
    expect(sql.slice(7, 8)).toBe("x");
  });

  test("on a later line, the offset counts the lines before", () => {
    const sql = "select 1\nfrom nowhere";
    expect(errorPosition("line 2:6: Table 'nowhere' does not exist", sql)).toEqual({ line: 2, column: 6, offset: 14 });
  });

  test("DuckDB's `LINE 1:` and caret", () => {
    const sql = "select * fro t";
    const message = 'Parser Error: syntax error at or near "t"\n\nLINE 1: select * fro t\n                     ^';
    const at = errorPosition(message, sql)!;
    expect(sql.slice(at.offset, at.offset + 1)).toBe("t");
  });

  test("a message without a position, or one outside the text, marks nothing", () => {
    expect(errorPosition("Query timed out", "select 1")).toBeUndefined();
    expect(errorPosition("line 9:1: nope", "select 1")).toBeUndefined();
  });
});

test("completion names: every curated dataset's table by both ids, the user's tables, the last result's columns", () => {
  const upload = {
    fullName: "dune.demo.addresses",
    isPrivate: true,
    columns: [{ name: "address", type: "varchar", nullable: true }],
  } as unknown as UploadedTable;
  const names = sqlNames([upload], ["total", "address"]);
  for (const d of DATASET_CATALOG) {
    expect(names.find((n) => n.label === `query_${d.queries.local}`)?.columns).toEqual(d.columns.map(([c]) => c));
    expect(names.some((n) => n.label === `query_${d.queries.real}`)).toBe(true);
  }
  expect(names.find((n) => n.label === "dune.demo.addresses")).toMatchObject({ detail: "your table, private" });
  expect(names.filter((n) => n.label === "address")).toEqual([
    { label: "address", kind: "column", detail: "last result" },
  ]);
  expect(names.some((n) => n.label === "total" && n.kind === "column")).toBe(true);
});

test("without a printed position, the name the message quotes is marked where it stands alone in the text", () => {
  const sql = "select nopes, nope\nfrom t";
  const at = errorPosition('Binder Error: Referenced column "nope" not found in FROM clause!', sql)!;
  expect(at).toEqual({ line: 1, column: 15, offset: 14 });
  expect(errorPosition('Binder Error: Referenced column "gone" not found', sql)).toBeUndefined();
});

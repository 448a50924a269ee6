import type { FormulaCell } from "../../src/excel";
import type { QueryReportRow } from "../../src/functions";
import { unnamedCellsText, withWorkbookCells } from "../../src/taskpane/logic/report-cells";

function row(key: string, cells: string[], cellCount = cells.length): QueryReportRow {
  return {
    key,
    queryId: 1001,
    parameters: { symbol: key },
    performance: "auto",
    cells,
    cellCount,
    state: "not run",
    expired: false,
    needed: true,
    credits: 10,
    runOnChange: false,
  };
}

function at(address: string, formula: string): FormulaCell {
  return { address, sheet: address.slice(0, address.lastIndexOf("!")).replace(/^'|'$/g, ""), formula };
}

const WETH = '=SERVICE.QUERY(1001,"symbol","WETH")';
const WBTC = '=SERVICE.QUERY(1001,"symbol",$A$1)';

test.each([
  {
    name: "every cell named by its invocation: nothing changes",
    rows: [row("WETH", ["Sheet1!A1"]), row("WBTC", ["Sheet1!A2"])],
    found: [at("Sheet1!A1", WETH), at("Sheet1!A2", WBTC)],
    cells: [["Sheet1!A1"], ["Sheet1!A2"]],
    unnamed: [],
  },
  {
    name: "a shared stream names one cell: the others with the same formula on the sheet join its row",
    rows: [row("WETH", ["Sheet1!A1"]), row("WBTC", ["Sheet1!A2"])],
    found: [at("Sheet1!A1", WETH), at("Sheet1!A2", WBTC), at("Sheet1!F9", WETH), at("Sheet1!G9", WBTC)],
    cells: [
      ["Sheet1!A1", "Sheet1!F9"],
      ["Sheet1!A2", "Sheet1!G9"],
    ],
    unnamed: [],
  },
  {
    name: "the same formula on another sheet joins the one row that has it",
    rows: [row("WETH", ["Sheet1!A1"])],
    found: [at("Sheet1!A1", WETH), at("'My data'!B2", WETH)],
    cells: [["Sheet1!A1", "'My data'!B2"]],
    unnamed: [],
  },
  {
    name: "a formula two rows have on other sheets is not guessed: listed apart",
    rows: [row("a", ["Sheet1!A1"]), row("b", ["Sheet2!A1"])],
    found: [at("Sheet1!A1", WBTC), at("Sheet2!A1", WBTC), at("Sheet3!A1", WBTC)],
    cells: [["Sheet1!A1"], ["Sheet2!A1"]],
    unnamed: ["Sheet3!A1"],
  },
  {
    name: "a cell whose formula no named cell has is listed apart",
    rows: [row("WETH", ["Sheet1!A1"])],
    found: [at("Sheet1!A1", WETH), at("Sheet1!C3", '=SERVICE.QUERY(1001,"symbol",B3)')],
    cells: [["Sheet1!A1"]],
    unnamed: ["Sheet1!C3"],
  },
  {
    name: "no addresses at all (an older build): every cell is listed apart",
    rows: [row("WETH", [], 1), row("WBTC", [], 1)],
    found: [at("Sheet1!A1", WETH), at("Sheet1!A2", WBTC)],
    cells: [[], []],
    unnamed: ["Sheet1!A1", "Sheet1!A2"],
  },
])("$name", ({ rows, found, cells, unnamed }) => {
  const result = withWorkbookCells(rows, found);
  expect(result.rows.map((r) => r.cells)).toEqual(cells);
  result.rows.forEach((r) => expect(r.cellCount).toBeGreaterThanOrEqual(r.cells.length));
  expect(result.unnamed).toEqual(unnamed);
});

test("what the Report says about cells it cannot place, with and without addresses", () => {
  const shared = withWorkbookCells([row("a", ["Sheet1!A1"])], [at("Sheet1!A1", WETH), at("Sheet1!C3", WBTC)]);
  expect(unnamedCellsText(shared)).toBe(
    "Also on the sheets: Sheet1!C3 (SERVICE.QUERY cells whose set of inputs could not be told from their formula).",
  );
  const old = withWorkbookCells([row("a", [], 2)], [at("Sheet1!A1", WETH), at("Sheet1!C3", WBTC)]);
  expect(unnamedCellsText(old)).toMatch(
    /^This Excel build does not tell the add-in which cell each SERVICE\.QUERY call comes from, .* run=on_change cannot work .* SERVICE\.QUERY cells on the sheets: Sheet1!A1, Sheet1!C3\.$/,
  );
  expect(unnamedCellsText(withWorkbookCells([row("a", ["Sheet1!A1"])], [at("Sheet1!A1", WETH)]))).toBe("");
});

import * as XLSX from "@e965/xlsx";
import {
  addinSettings,
  buildWorkbook,
  findServiceCells,
  isXlsxError,
  numberFormats,
  openWorkbook,
  type NewWorkbook,
} from "../../../src/xlsx";

const ADDIN = "9e067eea-3880-4a32-a0df-136e5e31f28e";
const DATASET = '_xldudf_SERVICE_DATASET("dex","ethereum","limit=2")';

/** A report as the playground holds it: values of every type, a spilled SERVICE cell, a dependent, a table. */
function report(): NewWorkbook {
  return {
    activeSheet: 1,
    addin: {
      referenceId: ADDIN,
      settings: {
        "service.tableBindingIndex": JSON.stringify(["pairs"]),
        "service.tableBinding.pairs": JSON.stringify({ tableName: "Pairs", note: 'a "quoted" & <odd> one' }),
      },
    },
    sheets: [
      {
        name: "Report",
        cells: [
          { row: 0, column: 0, value: "Period" },
          { row: 0, column: 1, value: 46081, formula: "EOMONTH(TODAY(),-1)", numberFormat: "yyyy-mm-dd" },
          { row: 1, column: 1, value: "token_pair", formula: DATASET, spill: { rowCount: 3, columnCount: 2 } },
          { row: 1, column: 2, value: "chain" },
          { row: 2, column: 1, value: "WETH/USDC" },
          { row: 2, column: 2, value: "ethereum" },
          { row: 3, column: 1, value: "WETH/DAI" },
          { row: 3, column: 2, value: "ethereum" },
          { row: 5, column: 1, value: 3, formula: "ROWS(_xlfn.ANCHORARRAY(B2))" },
          { row: 6, column: 0, value: true },
          { row: 6, column: 1, value: { error: "#N/A" }, formula: '_xldudf_SERVICE_QUERY(1001,"days",3)' },
          { row: 6, column: 2, value: { error: "#DIV/0!" } },
          { row: 7, column: 0, value: 1234.5, numberFormat: "#,##0.00" },
          { row: 7, column: 1, value: 0.25, numberFormat: "0.0%" },
          { row: 7, column: 2, value: "  spaced & <marked>  " },
        ],
      },
      {
        name: "Data",
        cells: [
          { row: 0, column: 0, value: "token_pair" },
          { row: 0, column: 1, value: null },
          { row: 1, column: 0, value: "WETH/USDC" },
          { row: 1, column: 1, value: 2 },
        ],
        tables: [{ name: "Pairs", row: 0, column: 0, rowCount: 2, columnCount: 2, style: "TableStyleLight9" }],
      },
    ],
  };
}

describe("building a workbook file", () => {
  const bytes = buildWorkbook(report());
  const book = openWorkbook(bytes, { fileName: "Book1.xlsx" });

  it("reads back with the same cells, types and formulas", () => {
    const cells = book.worksheet("Report").cells;
    const shown = (ref: string) => {
      const c = cells.get(ref)!;
      return [c.type, c.value, c.formula?.text, c.formula?.dynamicArray, c.formula?.ref];
    };
    expect(shown("A1")).toEqual(["s", "Period", undefined, undefined, undefined]);
    expect(shown("B1")).toEqual(["n", 46081, "EOMONTH(TODAY(),-1)", false, undefined]);
    expect(shown("B2")).toEqual(["str", "token_pair", DATASET, true, "B2:C4"]);
    expect(shown("C4")).toEqual(["str", "ethereum", undefined, undefined, undefined]);
    expect(shown("B6")).toEqual(["n", 3, "ROWS(_xlfn.ANCHORARRAY(B2))", false, undefined]);
    expect(shown("A7")).toEqual(["b", true, undefined, undefined, undefined]);
    expect(shown("B7")).toEqual(["e", { error: "#N/A" }, '_xldudf_SERVICE_QUERY(1001,"days",3)', false, undefined]);
    expect(shown("C7")).toEqual(["e", { error: "#DIV/0!" }, undefined, undefined, undefined]);
    expect(shown("C8")[1]).toBe("  spaced & <marked>  ");
    expect(book.worksheet("Report").dimension).toBe("A1:C8");
    expect(book.activeTab).toBe(1);
  });

  it("keeps number formats, built-in or the workbook's own", () => {
    const format = numberFormats(book);
    const cells = book.worksheet("Report").cells;
    expect(["B1", "A8", "B8", "A1"].map((r) => format(cells.get(r)!.style))).toEqual([
      "yyyy-mm-dd",
      "#,##0.00",
      "0.0%",
      "General",
    ]);
  });

  it("finds the SERVICE cells with their spills, as the refresh reads them", () => {
    const found = findServiceCells(book);
    expect(found.map((c) => [c.sheet, c.ref, c.spillRef, c.dynamicArray])).toEqual([
      ["Report", "B2", "B2:C4", true],
      ["Report", "B7", "B7", false],
    ]);
    expect(found[0]!.cached).toEqual([
      ["token_pair", "chain"],
      ["WETH/USDC", "ethereum"],
      ["WETH/DAI", "ethereum"],
    ]);
  });

  it("writes tables with column names from their header cells, and the add-in's settings", () => {
    const table = book.table("Pairs");
    expect([table.sheet, table.style, table.ref, table.autoFilterRef, table.columns.map((c) => c.name)]).toEqual([
      "Data",
      "TableStyleLight9",
      "A1:B2",
      "A1:B2",
      ["token_pair", "Column2"],
    ]);
    expect(book.worksheet("Data").cells.get("B1")!.value).toBe("Column2");
    const settings = addinSettings(book, ADDIN)!;
    expect(settings.values.get("service.tableBinding.pairs")).toEqual({
      tableName: "Pairs",
      note: 'a "quoted" & <odd> one',
    });
    expect(book.webExtensions[0]!.taskpane).toEqual({ dockState: "right", visible: true, width: 350 });
  });

  it("opens in an independent reader (SheetJS) with the same values and formulas", () => {
    const wb = XLSX.read(bytes, { type: "array", cellFormula: true, cellNF: true });
    expect(wb.SheetNames).toEqual(["Report", "Data"]);
    const sheet = wb.Sheets.Report!;
    expect(sheet.B2!.v).toBe("token_pair");
    expect(sheet.B2!.f).toBe(DATASET);
    expect(sheet.C4!.v).toBe("ethereum");
    expect(sheet.B8!.z).toBe("0.0%");
    expect(sheet.A7!.v).toBe(true);
    expect(sheet.C7!.t).toBe("e");
  });

  it("gives the same bytes for the same workbook", () => {
    expect(Buffer.from(buildWorkbook(report())).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([
    ["no sheet", { sheets: [] }],
    ["a sheet name Excel refuses", { sheets: [{ name: "a/b", cells: [] }] }],
    [
      "two sheets of one name",
      {
        sheets: [
          { name: "A", cells: [] },
          { name: "a", cells: [] },
        ],
      },
    ],
    [
      "a text longer than a cell holds",
      { sheets: [{ name: "A", cells: [{ row: 0, column: 0, value: "x".repeat(32768) }] }] },
    ],
    ["an unknown error value", { sheets: [{ name: "A", cells: [{ row: 0, column: 0, value: { error: "#OOPS" } }] }] }],
  ] as [string, NewWorkbook][])("refuses %s with a message", (_why, model) => {
    let error: unknown;
    try {
      buildWorkbook(model);
    } catch (e) {
      error = e;
    }
    expect(isXlsxError(error)).toBe(true);
    expect((error as Error).message.length).toBeGreaterThan(10);
  });
});

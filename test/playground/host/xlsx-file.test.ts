import { unzipSync } from "fflate";
import { readOpenedFile } from "../../../src/playground/host/opened-file";
import { documentFromXlsx } from "../../../src/playground/host/xlsx-import";
import { xlsxBytesOf } from "../../../src/playground/host/xlsx-export";
import type { WorkbookDocument } from "../../../src/playground/workbook";
import { addinSettings, findServiceCells, openWorkbook } from "../../../src/xlsx";

const ADDIN = "9e067eea-3880-4a32-a0df-136e5e31f28e";

/** A report built in the playground, as its workbook document holds it. */
function report(): WorkbookDocument {
  return {
    version: 1,
    sheets: [
      {
        name: "Report",
        values: [
          [0, 0, "Period"],
          [0, 1, 46081],
          [1, 1, "token_pair"],
          [1, 2, "chain"],
          [2, 1, "WETH/USDC"],
          [2, 2, "ethereum"],
          [4, 1, 2],
          [5, 1, { error: "#N/A" }],
          [6, 0, false],
        ],
        formulas: [
          [0, 1, "=EOMONTH(TODAY(),-1)"],
          [1, 1, '=SERVICE.DATASET("dex","ethereum","limit=1")'],
          [4, 1, "=ROWS(B2#)"],
          [5, 1, '=SERVICE.QUERY(1001,"since",B1)'],
        ],
        formats: [[0, 1, "yyyy-mm-dd"]],
      },
      {
        name: "Data",
        values: [
          [0, 0, "token_pair"],
          [0, 1, "chain"],
          [1, 0, "WETH/USDC"],
          [1, 1, "ethereum"],
        ],
        formulas: [],
        formats: [],
      },
    ],
    tables: [
      { name: "Pairs", sheet: "Data", row: 0, column: 0, rowCount: 2, columnCount: 2, style: "TableStyleMedium9" },
    ],
    activeSheet: "Data",
    settings: {
      "service.tableBindingIndex": ["pairs"],
      "service.tableBinding.pairs": { tableName: "Pairs", sheet: "Data", address: "Data!A1:B2" },
    },
    spills: [{ sheet: "Report", row: 1, column: 1, rowCount: 2, columnCount: 2 }],
  };
}

describe("the playground's workbook as an .xlsx", () => {
  const bytes = xlsxBytesOf(report());

  it("stores SERVICE functions and spills as Excel stores them, the settings in the add-in's part", () => {
    const book = openWorkbook(bytes);
    const cells = findServiceCells(book);
    expect(cells.map((c) => [c.ref, c.formula, c.spillRef, c.dynamicArray])).toEqual([
      ["B2", '_xldudf_SERVICE_DATASET("dex","ethereum","limit=1")', "B2:C3", true],
      // A one-cell result is still a dynamic array, as Excel saves a formula calling a function that returns a matrix.
      ["B6", '_xldudf_SERVICE_QUERY(1001,"since",B1)', "B6", true],
    ]);
    const xml = new TextDecoder().decode(unzipSync(bytes)["xl/worksheets/sheet1.xml"]);
    expect(xml).toMatch(/<c r="B6"[^>]* cm="1"><f t="array" ref="B6">_xldudf_SERVICE_QUERY/);
    // The text a spill puts in its other cells is a formula's result, as Excel stores it: not a shared string.
    expect(xml).toMatch(/<c r="C3" t="str"><v>[^<]+<\/v><\/c>/);
    expect(book.worksheet("Report").cells.get("B5")!.formula!.text).toBe("ROWS(_xlfn.ANCHORARRAY(B2))");
    expect(addinSettings(book, ADDIN)!.values.get("service.tableBindingIndex")).toEqual(["pairs"]);
  });

  it("opens back into the same workbook document", () => {
    const back = documentFromXlsx(bytes, "Book1.xlsx");
    const sorted = (doc: WorkbookDocument) => ({
      ...doc,
      sheets: doc.sheets.map((s) => ({
        name: s.name,
        values: [...s.values].sort(),
        formulas: [...s.formulas].sort(),
        formats: [...s.formats].sort(),
      })),
    });
    expect(sorted(back)).toEqual(sorted(report()));
  });

  it("is told from a playground .json by its content", () => {
    expect(readOpenedFile(bytes, "renamed.json").sheets[0]!.name).toBe("Report");
    const json = new TextEncoder().encode(JSON.stringify(report()));
    expect(readOpenedFile(json, "Book1.json").activeSheet).toBe("Data");
  });

  it.each([
    ["a text file named .xlsx", new TextEncoder().encode("token_pair,chain\n"), /not|zip|workbook/i],
    ["a zip cut short", bytes.subarray(0, 200), /damaged|Save As/i],
  ])("refuses %s with a message", (_what, file, message) => {
    expect(() => readOpenedFile(file, "report.xlsx")).toThrow(message);
  });
});

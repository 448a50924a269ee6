import { findServiceCells, openWorkbook } from "../../src/xlsx";
import { ADDIN_ID, reportWorkbook } from "./support/report-fixture";

describe("reading a report workbook", () => {
  const book = openWorkbook(reportWorkbook(), { fileName: "report.xlsx" });

  test("sheets, defined names, calculation settings", () => {
    expect(book.sheets.map((s) => [s.name, s.sheetId, s.part, s.kind])).toEqual([
      ["Report", 1, "xl/worksheets/sheet1.xml", "worksheet"],
      ["Data pulls", 2, "xl/worksheets/sheet2.xml", "worksheet"],
    ]);
    expect(book.definedNames).toEqual([
      { name: "Period", formula: "Report!$B$1", hidden: false },
      { name: "_xlnm._FilterDatabase", formula: "'Data pulls'!$A$1:$B$3", hidden: true, sheet: "Data pulls" },
    ]);
    expect(book.calcProperties).toMatchObject({ calcId: "191029", fullCalcOnLoad: false });
    expect(book.date1904).toBe(false);
  });

  test("cells of every stored type", () => {
    const cells = book.worksheet("report").cells;
    expect(cells.get("A1")).toMatchObject({ type: "s", value: "Month" });
    expect(cells.get("B1")).toMatchObject({
      type: "n",
      value: 46053,
      style: 1,
      formula: { kind: "normal", text: "EOMONTH(TODAY(),-1)" },
    });
    expect(cells.get("B2")).toMatchObject({
      type: "str",
      value: "pair",
      formula: { kind: "array", ref: "B2:D4", dynamicArray: true },
    });
    expect(cells.get("D3")).toMatchObject({ type: "b", value: true });
    expect(cells.get("D4")).toMatchObject({ type: "e", value: { error: "#N/A" } });
    expect(cells.get("C4")).toMatchObject({ type: "n", value: -3 });
    expect(cells.get("E7")).toMatchObject({ type: "inlineStr", value: "note: draft" });
    expect(book.worksheet("Data pulls").cells.get("A3")).toMatchObject({ type: "inlineStr", value: "BTC" });
  });

  test("a shared formula's other cells get the formula moved to them", () => {
    const cells = book.worksheet("Report").cells;
    expect(cells.get("F7")?.formula).toMatchObject({ kind: "shared", ref: "F7:F8", sharedIndex: 0 });
    expect(cells.get("F8")?.formula).toMatchObject({ kind: "shared", text: '_xldudf_SERVICE_QUERY(1001,"symbol",E8)' });
  });

  test("tables, calculation chain, web extensions", () => {
    expect(book.tables).toEqual([
      {
        id: 1,
        name: "Pulls",
        displayName: "Pulls",
        sheet: "Data pulls",
        part: "xl/tables/table1.xml",
        ref: "A1:B3",
        autoFilterRef: "A1:B3",
        style: "TableStyleMedium2",
        headerRowCount: 1,
        totalsRowCount: 0,
        columns: [
          { id: 1, name: "symbol" },
          { id: 2, name: "Total" },
        ],
      },
    ]);
    expect(book.calcChain).toEqual([
      { ref: "B2", sheetId: 1 },
      { ref: "B1", sheetId: 1 },
      { ref: "B6", sheetId: 1 },
      { ref: "F7", sheetId: 1 },
      { ref: "F8", sheetId: 1 },
    ]);
    expect(book.webExtensions).toHaveLength(1);
    const ext = book.webExtensions[0];
    expect(ext.reference.id).toBe(ADDIN_ID);
    expect(ext.taskpane).toEqual({ dockState: "right", visible: true, width: 350 });
    const bindings = ext.properties.find((p) => p.name === "service.tableBindings")!;
    expect(JSON.parse(bindings.value)).toMatchObject({ version: 1, bindings: [{ tableName: "Pulls" }] });
  });

  test("SERVICE cells with their arguments and cached spill", () => {
    const found = findServiceCells(book);
    expect(found.map((c) => [c.sheet, c.ref, c.spillRef, c.dynamicArray])).toEqual([
      ["Report", "B2", "B2:D4", true],
      ["Report", "F7", "F7", false],
      ["Report", "F8", "F8", false],
    ]);
    expect(found[0].calls[0]).toMatchObject({
      function: "DATASET",
      whole: true,
      args: [
        { kind: "literal", value: "dex" },
        { kind: "literal", value: "ethereum" },
        { kind: "reference", ref: "B1" },
      ],
    });
    expect(found[0].cached).toEqual([
      ["pair", "volume", "ok"],
      ["ETH/USDC", 1250.5, true],
      ["WBTC/ETH", -3, { error: "#N/A" }],
    ]);
    expect(found[2].calls[0].args[2]).toMatchObject({ kind: "reference", ref: "E8" });
  });
});

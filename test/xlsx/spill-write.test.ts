import * as XLSX from "@e965/xlsx";
import { findServiceCells, isXlsxError, openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { buildWorkbook, row } from "./support/build-workbook";
import { differingEntries, partText } from "./support/compare-packages";
import { reportWorkbook } from "./support/report-fixture";

const SHEET = "xl/worksheets/sheet1.xml";

describe("writing a spill", () => {
  test("a spill that grows changes that sheet only, and an independent reader sees the new values", () => {
    const before = reportWorkbook();
    const edit = new WorkbookEdit(openWorkbook(before));
    const plan = edit.writeSpill("Report", "B2", [
      ["pair", "volume", "ok"],
      ["ETH/USDC", 1300, true],
      ["WBTC/ETH", 2, false],
      ["DAI/USDC", 0.5, { error: "#N/A" }],
    ]);
    expect(plan).toEqual({
      sheet: "Report",
      anchor: "B2",
      oldRef: "B2:D4",
      newRef: "B2:D5",
      takes: ["B5:D5"],
      leaves: [],
    });
    const { bytes, parts } = edit.toBytes();
    expect(parts).toEqual({ changed: [SHEET], added: [], dropped: [] });
    expect(differingEntries(before, bytes)).toEqual([SHEET]);

    const xml = partText(bytes, SHEET);
    expect(xml).toContain(
      '<c r="B2" t="str" cm="1"><f t="array" ref="B2:D5">_xldudf_SERVICE_DATASET("dex","ethereum",B1)</f><v>pair</v></c>',
    );
    expect(xml).toContain(
      '<row r="5"><c r="B5" t="str"><v>DAI/USDC</v></c><c r="C5"><v>0.5</v></c><c r="D5" t="e"><v>#N/A</v></c></row>',
    );
    expect(xml).toContain('<c r="D4" t="b"><v>0</v></c>');
    expect(xml).toContain('<dimension ref="A1:F8"/>');
    expect(xml).toContain('x14ac:dyDescent="0.25"');

    const again = findServiceCells(openWorkbook(bytes))[0];
    expect(again.spillRef).toBe("B2:D5");
    expect(again.cached[3]).toEqual(["DAI/USDC", 0.5, { error: "#N/A" }]);

    const independent = XLSX.read(bytes, { type: "array", cellFormula: true });
    const sheet = independent.Sheets.Report;
    expect(sheet.B5.v).toBe("DAI/USDC");
    expect(sheet.C3.v).toBe(1300);
    expect(sheet.D4.v).toBe(false);
    expect(sheet.B2.F).toBe("B2:D5");
    expect(sheet.F8.f).toBe('_xldudf_SERVICE_QUERY(1001,"symbol",E8)');
  });

  test("a spill that shrinks clears the cells it leaves and the dimension follows", () => {
    const before = buildWorkbook({
      dynamicArrays: true,
      sheets: [
        {
          name: "S",
          dimension: "A1:C3",
          rows:
            row(
              1,
              '<c r="A1" cm="1"><f t="array" ref="A1:C3">_xldudf_SERVICE_RESULTS(1002)</f><v>1</v></c><c r="B1"><v>2</v></c><c r="C1" s="1"><v>3</v></c>',
            ) +
            row(2, '<c r="A2"><v>4</v></c><c r="B2"><v>5</v></c><c r="C2"><v>6</v></c>') +
            row(3, '<c r="A3"><v>7</v></c><c r="B3"><v>8</v></c><c r="C3"><v>9</v></c>'),
        },
      ],
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    const plan = edit.writeSpill("S", "A1", [[10, 20]]);
    expect(plan).toMatchObject({ oldRef: "A1:C3", newRef: "A1:B1", takes: [], leaves: ["A2:C3", "C1"] });
    const xml = partText(edit.toBytes().bytes, SHEET);
    expect(xml).toContain('<sheetData><row r="1" x14ac:dyDescent="0.25"><c r="A1" cm="1"><f t="array" ref="A1:B1">');
    expect(xml).toContain('<c r="B1"><v>20</v></c><c r="C1" s="1"/></row></sheetData>');
    expect(xml).toContain('<dimension ref="A1:C1"/>');
  });

  test("a spill that would grow over other data is refused, naming the cell, and nothing changes", () => {
    const book = openWorkbook(reportWorkbook());
    const edit = new WorkbookEdit(book);
    let error: unknown;
    try {
      edit.writeSpill(
        "Report",
        "B2",
        Array.from({ length: 6 }, () => ["x", 1, true]),
      );
    } catch (e) {
      error = e;
    }
    expect(isXlsxError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "blocked", cell: "Report!B6" });
    expect((error as Error).message).toBe(
      "The result of the formula in Report!B2 needs Report!B2:D7, but Report!B6 holds a formula (=SUM(_xlfn.ANCHORARRAY(C2))); " +
        "nothing was written. Clear or move that cell (or move the formula), then refresh again.",
    );
    expect(edit.toBytes().parts).toEqual({ changed: [], added: [], dropped: [] });
  });

  test("a formula without the dynamic-array mark keeps one value, the result's first: it never spills, nor is blocked", () => {
    // Excel 365 shows such a formula as =@… (implicit intersection): one value, whatever the function returns.
    const before = buildWorkbook({
      sheets: [
        {
          name: "S",
          rows:
            row(1, '<c r="A1"><f>_xldudf_SERVICE_RESULTS(1002)</f><v>1</v></c>') +
            row(2, '<c r="A2" t="inlineStr"><is><t>note</t></is></c>'),
        },
      ],
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    expect(
      edit.writeSpill("S", "A1", [
        [7, 8],
        [9, 10],
      ]),
    ).toEqual({
      sheet: "S",
      anchor: "A1",
      oldRef: "A1",
      newRef: "A1",
      takes: [],
      leaves: [],
    });
    const { bytes, parts } = edit.toBytes();
    expect(parts).toEqual({ changed: [SHEET], added: [], dropped: [] });
    const xml = partText(bytes, SHEET);
    expect(xml).toContain('<c r="A1"><f>_xldudf_SERVICE_RESULTS(1002)</f><v>7</v></c>');
    expect(xml).toContain('<c r="A2" t="inlineStr"><is><t>note</t></is></c>');
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.S;
    expect(sheet.A1.v).toBe(7);
    expect(sheet.A2.v).toBe("note");
    expect(sheet.B1).toBeUndefined();
  });

  test("a legacy array formula (Ctrl+Shift+Enter) keeps its range: the result cut to it, #N/A beyond the result", () => {
    const before = buildWorkbook({
      sheets: [
        {
          name: "S",
          dimension: "A1:B3",
          rows:
            row(
              1,
              '<c r="A1"><f t="array" ref="A1:B3">_xldudf_SERVICE_RESULTS(1002)</f><v>1</v></c><c r="B1"><v>2</v></c>',
            ) +
            row(2, '<c r="A2"><v>3</v></c><c r="B2"><v>4</v></c>') +
            row(3, '<c r="A3"><v>5</v></c><c r="B3"><v>6</v></c>') +
            row(4, '<c r="A4" t="inlineStr"><is><t>below</t></is></c>'),
        },
      ],
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    const plan = edit.writeSpill("S", "A1", [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ]);
    expect(plan).toMatchObject({ oldRef: "A1:B3", newRef: "A1:B3", takes: [], leaves: [] });
    const { bytes } = edit.toBytes();
    const xml = partText(bytes, SHEET);
    expect(xml).toContain('<c r="A1" t="str"><f t="array" ref="A1:B3">_xldudf_SERVICE_RESULTS(1002)</f><v>a</v></c>');
    expect(xml).toContain('<c r="A3" t="e"><v>#N/A</v></c><c r="B3" t="e"><v>#N/A</v></c>');
    const cells = openWorkbook(bytes).worksheet("S").cells;
    expect(cells.get("A1")?.formula).toMatchObject({ kind: "array", ref: "A1:B3", dynamicArray: false });
    expect([cells.get("B2")?.value, cells.get("A4")?.value]).toEqual(["e", "below"]);
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.S;
    expect([sheet.A1.v, sheet.B1.v, sheet.A2.v, sheet.B2.v]).toEqual(["a", "b", "d", "e"]);
    expect(sheet.A3.w).toBe("#N/A");
    expect(sheet.C1).toBeUndefined();
  });
});

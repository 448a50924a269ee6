import * as XLSX from "@e965/xlsx";
import { strToU8, unzipSync, zipSync } from "fflate";
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

  test("a formula that starts to spill becomes a dynamic array, the metadata part added as Excel writes it", () => {
    const before = buildWorkbook({
      sheets: [{ name: "S", rows: row(1, '<c r="A1"><f>_xldudf_SERVICE_RESULTS(1002)</f><v>1</v></c>') }],
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.writeSpill("S", "A1", [[1], [2]]);
    const { bytes, parts } = edit.toBytes();
    expect(parts).toEqual({
      changed: ["[Content_Types].xml", "xl/_rels/workbook.xml.rels", SHEET],
      added: ["xl/metadata.xml"],
      dropped: [],
    });
    const book = openWorkbook(bytes);
    expect(book.worksheet("S").cells.get("A1")?.formula).toMatchObject({
      kind: "array",
      ref: "A1:A2",
      dynamicArray: true,
    });
    expect(partText(bytes, SHEET)).toContain('<c r="A1" cm="1"><f t="array" ref="A1:A2">');
  });
});

describe("dynamic-array metadata added to a workbook that has other cell metadata", () => {
  const RICH =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:xlrd="http://schemas.microsoft.com/office/spreadsheetml/2017/richdata">' +
    '<metadataTypes count="1"><metadataType name="XLRICHVALUE" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1"/></metadataTypes>' +
    '<futureMetadata name="XLRICHVALUE" count="1"><bk><extLst><ext uri="{3e2802c4-a4d2-4d8b-9148-e3be6c30e623}"><xlrd:rvb i="0"/></ext></extLst></bk></futureMetadata>' +
    '<valueMetadata count="1"><bk><rc t="1" v="0"/></bk></valueMetadata></metadata>';

  test("the XLDAPR type, record and cell metadata are appended, and the rich-value metadata stays as it was", () => {
    const before = buildWorkbook({
      sheets: [
        {
          name: "S",
          rows: row(
            1,
            '<c r="A1"><f>_xldudf_SERVICE_RESULTS(1)</f><v>1</v></c><c r="C1" t="e" vm="1"><v>#VALUE!</v></c>',
          ),
        },
      ],
      extraParts: {
        "xl/metadata.xml": {
          data: RICH,
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml",
        },
      },
    });
    const withRel = withMetadataRelationship(before);
    const edit = new WorkbookEdit(openWorkbook(withRel));
    edit.writeSpill("S", "A1", [[1], [2]]);
    const { bytes, parts } = edit.toBytes();
    expect(parts.changed).toEqual(["xl/metadata.xml", SHEET]);
    const metadata = partText(bytes, "xl/metadata.xml");
    expect(metadata).toContain('<metadataTypes count="2"><metadataType name="XLRICHVALUE"');
    expect(metadata).toContain('<metadataType name="XLDAPR" minSupportedVersion="120000"');
    expect(metadata).toContain(
      '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">',
    );
    expect(metadata).toContain(
      '<cellMetadata count="1"><bk><rc t="2" v="0"/></bk></cellMetadata><valueMetadata count="1"><bk><rc t="1" v="0"/></bk></valueMetadata>',
    );
    const cells = openWorkbook(bytes).worksheet("S").cells;
    expect(cells.get("A1")?.formula).toMatchObject({ kind: "array", ref: "A1:A2", dynamicArray: true });
    expect(partText(bytes, SHEET)).toContain('<c r="C1" t="e" vm="1"><v>#VALUE!</v></c>');
  });
});

/** The fixture builder links metadata.xml only for dynamic arrays; this links the rich-value one given as an extra part. */
function withMetadataRelationship(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  const rels = new TextDecoder().decode(files["xl/_rels/workbook.xml.rels"]);
  files["xl/_rels/workbook.xml.rels"] = strToU8(
    rels.replace(
      "</Relationships>",
      '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata" Target="metadata.xml"/></Relationships>',
    ),
  );
  return zipSync(files);
}

import * as XLSX from "@e965/xlsx";
import { openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { buildWorkbook, row } from "./support/build-workbook";
import { differingEntries, partText } from "./support/compare-packages";
import { reportWorkbook } from "./support/report-fixture";

const SHEET = "xl/worksheets/sheet1.xml";
const WEBEXT = "xl/webextensions/webextension1.xml";

describe("calculation chain", () => {
  test("a formula overwritten with a value leaves the chain, and the next entry keeps its sheet", () => {
    const before = reportWorkbook();
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.setCells("Report", [{ ref: "B1", value: 46082 }]);
    const { bytes } = edit.toBytes();
    expect(differingEntries(before, bytes)).toEqual(["xl/calcChain.xml", SHEET]);
    expect(partText(bytes, "xl/calcChain.xml")).toContain(
      '<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="B2" i="1" a="1"/><c r="B6"/><c r="F7"/>',
    );
    expect(partText(bytes, SHEET)).toContain('<c r="B1" s="1"><v>46082</v></c>');
    expect(openWorkbook(bytes).calcChain.map((c) => c.ref)).toEqual(["B2", "B6", "F7", "F8"]);
  });

  test("dropping the entry that names the sheet writes the sheet on the next one", () => {
    const before = buildWorkbook({
      sheets: [
        { name: "A", rows: row(1, '<c r="A1"><f>1+1</f><v>2</v></c><c r="B1"><f>A1*2</f><v>4</v></c>') },
        { name: "B", rows: row(1, '<c r="A1"><f>A!A1</f><v>2</v></c>') },
      ],
      calcChain: '<c r="A1" i="1"/><c r="B1"/><c r="A1" i="2"/>',
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.setCells("A", [{ ref: "A1", value: 2 }]);
    const chain = partText(edit.toBytes().bytes, "xl/calcChain.xml");
    expect(chain).toContain('<c r="B1" i="1"/><c r="A1" i="2"/>');
  });

  test("a chain left empty is removed with its relationship and content type, as Excel rebuilds it", () => {
    const before = buildWorkbook({
      sheets: [{ name: "A", rows: row(1, '<c r="A1"><f>1+1</f><v>2</v></c>') }],
      calcChain: '<c r="A1" i="1"/>',
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.setCells("A", [{ ref: "A1", value: null }]);
    const { bytes, parts } = edit.toBytes();
    expect(parts).toEqual({
      changed: ["[Content_Types].xml", "xl/_rels/workbook.xml.rels", SHEET],
      added: [],
      dropped: ["xl/calcChain.xml"],
    });
    expect(partText(bytes, "[Content_Types].xml")).not.toContain("calcChain");
    expect(partText(bytes, "xl/_rels/workbook.xml.rels")).not.toContain("calcChain");
    expect(openWorkbook(bytes).calcChain).toEqual([]);
  });
});

describe("cells, add-in settings and calculation on load", () => {
  test("plain values: text inline, formatting kept, merged and array cells refused", () => {
    const before = buildWorkbook({
      dynamicArrays: true,
      sheets: [
        {
          name: "S",
          rows:
            row(
              1,
              '<c r="A1" s="1"><v>5</v></c><c r="C1" cm="1"><f t="array" ref="C1:C2">_xlfn.SEQUENCE(2)</f><v>1</v></c>',
            ) + row(2, '<c r="C2"><v>2</v></c>'),
          after: '<mergeCells count="1"><mergeCell ref="D1:E1"/></mergeCells>',
        },
      ],
    });
    const edit = new WorkbookEdit(openWorkbook(before));
    edit.setCells("S", [
      { ref: "A1", value: " Q1 & Q2 " },
      { ref: "B3", value: "a\r\nb_x000D_" },
      { ref: "D1", value: true },
    ]);
    expect(() => edit.setCells("S", [{ ref: "C2", value: 1 }])).toThrow(
      "S!C2 belongs to the array formula in C1, so a value cannot be written there; nothing was written.",
    );
    expect(() => edit.setCells("S", [{ ref: "E1", value: 1 }])).toThrow("S!E1 is hidden under merged cells");
    expect(() => edit.setCells("S", [{ ref: "C1", value: 1 }])).toThrow(
      "S!C1 holds an array formula, whose range would be left behind",
    );
    const { bytes } = edit.toBytes();
    const xml = partText(bytes, SHEET);
    expect(xml).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve"> Q1 &amp; Q2 </t></is></c>');
    expect(xml).toContain('<row r="3"><c r="B3" t="inlineStr"><is><t>a_x000D_\nb_x005F_x000D_</t></is></c></row>');
    const cells = openWorkbook(bytes).worksheet("S").cells;
    expect(cells.get("A1")?.value).toBe(" Q1 & Q2 ");
    expect(cells.get("B3")?.value).toBe("a\r\nb_x000D_");
    expect(cells.get("D1")?.value).toBe(true);
    expect(XLSX.read(bytes, { type: "array" }).Sheets.S.A1.v).toBe(" Q1 & Q2 ");
  });

  test("a text longer than a cell holds is refused", () => {
    const edit = new WorkbookEdit(openWorkbook(reportWorkbook()));
    edit.setCells("Report", [{ ref: "H1", value: "x".repeat(32_768) }]);
    expect(() => edit.toBytes()).toThrow(
      "Report!H1: a text of 32,768 characters does not fit in a cell (Excel holds 32,767)",
    );
  });

  test("add-in settings: a property changed, one added, one removed; nothing else in the part moves", () => {
    const before = reportWorkbook();
    const book = openWorkbook(before);
    const edit = new WorkbookEdit(book);
    const settings = JSON.stringify({ version: 1, refreshedAt: "2026-02-01T06:00:00Z", note: 'a "quoted" <b>' });
    edit.setWebExtensionProperty(WEBEXT, "service.tableBindings", settings);
    edit.setWebExtensionProperty(WEBEXT, "service.lastRefresh", JSON.stringify("2026-02-01"));
    edit.setWebExtensionProperty(WEBEXT, "Office.AutoShowTaskpaneWithDocument", null);
    const { bytes } = edit.toBytes();
    expect(differingEntries(before, bytes)).toEqual([WEBEXT]);
    const xml = partText(bytes, WEBEXT);
    expect(xml).toContain(
      '<we:alternateReferences/><we:properties><we:property name="service.tableBindings" value="{&quot;version&quot;:1,',
    );
    expect(xml).toContain(
      '<we:property name="service.lastRefresh" value="&quot;2026-02-01&quot;"/></we:properties><we:bindings/>',
    );
    const ext = openWorkbook(bytes).webExtensions[0];
    expect(ext.properties.map((p) => p.name)).toEqual(["service.tableBindings", "service.lastRefresh"]);
    expect(JSON.parse(ext.properties[0].value)).toEqual(JSON.parse(settings));
    expect(() => edit.setWebExtensionProperty("xl/webextensions/webextension9.xml", "x", "1")).toThrow(
      "no add-in part",
    );
  });

  test("fullCalcOnLoad is set on calcPr, or calcPr is added where the schema puts it", () => {
    const withCalcPr = new WorkbookEdit(openWorkbook(reportWorkbook()));
    withCalcPr.setFullCalcOnLoad();
    const a = withCalcPr.toBytes().bytes;
    expect(partText(a, "xl/workbook.xml")).toContain('<calcPr calcId="191029" fullCalcOnLoad="1"/>');
    expect(openWorkbook(a).calcProperties?.fullCalcOnLoad).toBe(true);
    const without = new WorkbookEdit(openWorkbook(buildWorkbook({ sheets: [{ name: "S" }], calcPr: "" })));
    without.setFullCalcOnLoad();
    expect(partText(without.toBytes().bytes, "xl/workbook.xml")).toContain(
      'r:id="rId1"/></sheets><calcPr fullCalcOnLoad="1"/><extLst>',
    );
  });
});

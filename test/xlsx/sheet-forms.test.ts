import { openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { buildWorkbook, NS, row } from "./support/build-workbook";
import { partText } from "./support/compare-packages";

const SHEET = "xl/worksheets/sheet1.xml";

function oneSheet(xml: string) {
  return buildWorkbook({ dynamicArrays: true, sheets: [{ name: "S", xml }] });
}

describe("sheets as other writers store them", () => {
  test("prefixed SpreadsheetML (x:worksheet, x:c…): read, and new rows and cells written with the same prefix", () => {
    const xml =
      `<x:worksheet xmlns:x="${NS.main}"><x:sheetData>` +
      '<x:row r="1"><x:c r="A1" cm="1"><x:f t="array" ref="A1">_xldudf_SERVICE_RESULTS(1)</x:f><x:v>1</x:v></x:c></x:row>' +
      "</x:sheetData></x:worksheet>";
    const book = openWorkbook(oneSheet(xml));
    expect(book.worksheet("S").cells.get("A1")?.formula).toMatchObject({ kind: "array", dynamicArray: true });
    const edit = new WorkbookEdit(book);
    edit.writeSpill("S", "A1", [
      [1, "two"],
      [3, 4],
    ]);
    const out = partText(edit.toBytes().bytes, SHEET);
    expect(out).toBe(
      `<x:worksheet xmlns:x="${NS.main}"><x:sheetData>` +
        '<x:row r="1"><x:c r="A1" cm="1"><x:f t="array" ref="A1:B2">_xldudf_SERVICE_RESULTS(1)</x:f><x:v>1</x:v></x:c><x:c r="B1" t="str"><x:v>two</x:v></x:c></x:row>' +
        '<x:row r="2"><x:c r="A2"><x:v>3</x:v></x:c><x:c r="B2"><x:v>4</x:v></x:c></x:row>' +
        "</x:sheetData></x:worksheet>",
    );
  });

  test("rows and cells stored without addresses get theirs, so added cells cannot shift them", () => {
    const xml =
      `<worksheet xmlns="${NS.main}"><sheetData>` +
      '<row><c><f>_xldudf_SERVICE_RESULTS(1)</f><v>1</v></c><c><v>7</v></c></row><row><c t="inlineStr"><is><t>x</t></is></c></row>' +
      "</sheetData></worksheet>";
    const book = openWorkbook(oneSheet(xml));
    expect([...book.worksheet("S").cells.keys()]).toEqual(["A1", "B1", "A2"]);
    const edit = new WorkbookEdit(book);
    // A formula stored without the dynamic-array mark keeps one value: B1 is not its to take.
    expect(edit.writeSpill("S", "A1", [[1, 2]]).newRef).toBe("A1");
    edit.setCells("S", [
      { ref: "A1", value: 5 },
      { ref: "C1", value: 9 },
    ]);
    const { bytes } = edit.toBytes();
    expect(partText(bytes, SHEET)).toContain(
      '<row r="1"><c r="A1"><v>5</v></c><c r="B1"><v>7</v></c><c r="C1"><v>9</v></c></row><row r="2"><c t="inlineStr" r="A2">',
    );
    const cells = openWorkbook(bytes).worksheet("S").cells;
    expect([...cells].map(([ref, c]) => [ref, c.value])).toEqual([
      ["A1", 5],
      ["B1", 7],
      ["C1", 9],
      ["A2", "x"],
    ]);
  });

  test("an edited cell keeps its unknown attributes and extension list; a byte-order mark is kept", () => {
    const xml =
      `\ufeff<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS.main}" xmlns:z="urn:z"><sheetData>` +
      row(1, '<c r="A1" cm="1"><f t="array" ref="A1:A2" aca="0">_xldudf_SERVICE_RESULTS(1)</f><v>1</v></c>') +
      row(2, '<c r="A2" s="1" z:note="keep"><v>2</v><extLst><ext uri="{Z}"><z:x/></ext></extLst></c>') +
      "</sheetData></worksheet>";
    const edit = new WorkbookEdit(openWorkbook(oneSheet(xml.replace(/ x14ac:dyDescent="0.25"/g, ""))));
    edit.writeSpill("S", "A1", [["a"], ["b"]]);
    const out = partText(edit.toBytes().bytes, SHEET);
    expect(out.startsWith("\ufeff<?xml")).toBe(true);
    expect(out).toContain(
      '<c r="A1" cm="1" t="str"><f t="array" ref="A1:A2" aca="0">_xldudf_SERVICE_RESULTS(1)</f><v>a</v></c>',
    );
    expect(out).toContain(
      '<c r="A2" s="1" z:note="keep" t="str"><v>b</v><extLst><ext uri="{Z}"><z:x/></ext></extLst></c>',
    );
  });
});

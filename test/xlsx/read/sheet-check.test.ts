import { isXlsxError } from "../../../src/xlsx";
import { checkWrittenSheet } from "../../../src/xlsx/read/sheet-check";

const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const sheet = (rows: string) => `<x:worksheet xmlns:x="${NS}"><x:sheetData>${rows}</x:sheetData></x:worksheet>`;
const WHERE = 'the sheet "Data" (xl/worksheets/sheet1.xml)';

function refusal(text: string): string {
  try {
    checkWrittenSheet(text, WHERE, "xl/worksheets/sheet1.xml");
  } catch (e) {
    if (isXlsxError(e)) return `${e.kind}: ${e.message}`;
    throw e;
  }
  return "accepted";
}

// What an edit's read-back still holds a written sheet to, now that it no longer reads its cells into a model.
describe("a worksheet checked after an edit wrote it", () => {
  test("rows and cells in order, with or without their addresses, pass", () => {
    const rows =
      '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><x:c><x:v>2</x:v></x:c></x:row><x:row><x:c r="C2"/></x:row>';
    expect(refusal(sheet(rows))).toBe("accepted");
    expect(refusal(sheet('<x:row r="3" spans="1:2"/><x:row r="9"><x:c r="AB9"/><x:c r="XFD9"/></x:row>'))).toBe(
      "accepted",
    );
  });

  test.each([
    ["a row repeated", '<x:row r="2"/><x:row r="2"/>', /row 2 after row 2/],
    ["rows out of order", '<x:row r="5"/><x:row r="4"/>', /row 4 after row 5/],
    ["cells out of order", '<x:row r="1"><x:c r="B1"/><x:c r="A1"/></x:row>', /the cell A1/],
    ["a cell of another row", '<x:row r="1"><x:c r="A2"/></x:row>', /the cell A2/],
    ["an address off the grid", '<x:row r="1"><x:c r="XFE1"/></x:row>', /the cell XFE1/],
  ])("%s is refused", (_label, rows, says) => {
    const refused = refusal(sheet(rows));
    expect(refused).toMatch(/^bad-xml: the sheet "Data" \(xl\/worksheets\/sheet1\.xml\) was written out of order/);
    expect(refused).toMatch(says);
  });

  test("XML that is not well-formed is refused as the reader refuses it", () => {
    expect(refusal(sheet('<x:row r="1"><x:c r="A1"><x:v>1</x:c></x:row>'))).toMatch(
      /^bad-xml: .* is not well-formed XML \(<\/x:c> closes <x:v>/,
    );
  });

  test("rows outside sheetData (another element's children) are not held to its order", () => {
    const text = `<worksheet xmlns="${NS}"><sheetData><row r="4"/></sheetData><extLst><row r="1"/></extLst></worksheet>`;
    expect(refusal(text)).toBe("accepted");
  });
});

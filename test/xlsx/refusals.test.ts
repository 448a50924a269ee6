import { strToU8, unzipSync, zipSync } from "fflate";
import { isXlsxError, openWorkbook, type XlsxErrorKind } from "../../src/xlsx";
import { buildWorkbook, row } from "./support/build-workbook";
import { reportWorkbook } from "./support/report-fixture";

/** A package rebuilt with one part replaced (or removed, with null). */
function withPart(bytes: Uint8Array, name: string, content: string | null): Uint8Array {
  const files = unzipSync(bytes);
  if (content === null) delete files[name];
  else files[name] = strToU8(content);
  return zipSync(files);
}

function refusal(bytes: Uint8Array): { kind: XlsxErrorKind; message: string; part?: string } {
  try {
    openWorkbook(bytes, { fileName: "report.xlsx" });
  } catch (e) {
    if (!isXlsxError(e)) throw e;
    return { kind: e.kind, message: e.message, ...(e.part ? { part: e.part } : {}) };
  }
  throw new Error("the file was accepted");
}

const good = reportWorkbook();
const sheet = (rows: string) => buildWorkbook({ sheets: [{ name: "Data", rows }] });

describe("files that cannot be understood are refused with a message a user can act on", () => {
  test.each<[string, Uint8Array, XlsxErrorKind, RegExp]>([
    [
      "an empty file",
      new Uint8Array(0),
      "not-a-workbook",
      /"report.xlsx" is not an Excel workbook \(.xlsx or .xlsm\): it is empty/,
    ],
    [
      "a CSV renamed .xlsx",
      strToU8("symbol,volume\nETH,1\n"),
      "not-a-workbook",
      /Save As > "Excel Workbook \(\*\.xlsx\)"/,
    ],
    [
      "an encrypted workbook or .xls",
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      "encrypted-or-legacy",
      /password-protected or an Excel 97-2003 workbook/,
    ],
    [
      "a zip cut short",
      good.subarray(0, Math.floor(good.length / 2)),
      "damaged",
      /"report.xlsx" is damaged \(its zip directory is missing\); it may have been cut short/,
    ],
    [
      "a zip that is not a workbook",
      zipSync({ "readme.txt": strToU8("hello") }),
      "not-a-workbook",
      /a zip archive but not an Excel workbook \(it has no \[Content_Types\]\.xml\)/,
    ],
    [
      "a binary workbook",
      withPart(
        withPart(
          good,
          "_rels/.rels",
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>',
        ),
        "xl/workbook.bin",
        "x",
      ),
      "binary-workbook",
      /Excel Binary Workbook \(\.xlsb\)/,
    ],
    [
      "a strict workbook",
      withPart(
        good,
        "_rels/.rels",
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
      "strict-format",
      /"Strict Open XML Spreadsheet"/,
    ],
    [
      "a missing workbook part",
      withPart(good, "xl/workbook.xml", null),
      "missing-part",
      /its workbook part \(xl\/workbook.xml\) is missing/,
    ],
    [
      "a missing sheet part",
      withPart(good, "xl/worksheets/sheet2.xml", null),
      "missing-part",
      /the sheet "Data pulls" has no content in the package/,
    ],
    [
      "bad XML in a sheet",
      withPart(
        good,
        "xl/worksheets/sheet1.xml",
        '<worksheet xmlns="x"><sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData></worksheet>',
      ),
      "bad-xml",
      /the sheet "Report" \(xl\/worksheets\/sheet1.xml\) is not well-formed XML \(<\/row> closes <c>, line 1\)/,
    ],
    [
      "a sheet with rows out of order",
      sheet(row(2, '<c r="A2"><v>1</v></c>') + row(1, '<c r="A1"><v>1</v></c>')),
      "bad-xml",
      /cannot be read \(row 1 comes after row 2\)/,
    ],
    ["a cell in the wrong row", sheet(row(2, '<c r="A3"><v>1</v></c>')), "bad-xml", /the cell A3 is stored in row 2/],
    [
      "a shared string that does not exist",
      sheet(row(1, '<c r="A1" t="s"><v>7</v></c>')),
      "bad-xml",
      /points at shared string 7, which does not exist/,
    ],
    [
      "an unknown error value",
      sheet(row(1, '<c r="A1" t="e"><v>#OOPS</v></c>')),
      "bad-xml",
      /the error in A1 reads "#OOPS"/,
    ],
    [
      "a document type declaration",
      withPart(good, "xl/workbook.xml", '<!DOCTYPE x [<!ENTITY a "b">]><workbook/>'),
      "bad-xml",
      /a document type declaration/,
    ],
  ])("%s", (_name, bytes, kind, message) => {
    const r = refusal(bytes);
    expect(r.kind).toBe(kind);
    expect(r.message).toMatch(message);
  });

  test("a part whose bytes were damaged fails its checksum", () => {
    const bytes = buildWorkbook({ sheets: [{ name: "S", rows: row(1, '<c r="A1"><v>1</v></c>') }], store: true });
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf('<c r="A1"><v>1</v>') + 13;
    const damaged = bytes.slice();
    damaged[at] = "7".charCodeAt(0);
    expect(refusal(damaged)).toMatchObject({
      kind: "damaged",
      part: "xl/worksheets/sheet1.xml",
      message: expect.stringMatching(/the part "xl\/worksheets\/sheet1.xml" fails its checksum/),
    });
  });
});

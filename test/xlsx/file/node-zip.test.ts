import { unzipSync } from "fflate";
import { isXlsxError, openWorkbook, WorkbookEdit } from "../../../src/xlsx";
import { NODE_ZIP } from "../../../src/xlsx/file/node-zip";
import { crc32 } from "../../../src/xlsx/zip/crc32";
import { PORTABLE_ZIP } from "../../../src/xlsx/zip/zip-codec";
import { reportWorkbook } from "../support/report-fixture";
import { declareSize } from "../support/zip-bombs";

const SHEET = "xl/worksheets/sheet1.xml";

// Node's zlib stands in for the portable codec when a workbook is read from disk: both must agree on every byte a
// package holds, whichever wrote it.
describe("Node's zlib as the package codec", () => {
  const text = new TextEncoder().encode(`<row r="1">${"<c><v>12.5</v></c>".repeat(5000)}</row>é€`);

  test("its CRC-32 is the zip format's (the same as our table's)", () => {
    expect(NODE_ZIP.crc32(text)).toBe(crc32(text));
    expect(NODE_ZIP.crc32(new Uint8Array(0))).toBe(0);
    expect(NODE_ZIP.crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  test("each codec inflates what the other deflated", () => {
    expect(PORTABLE_ZIP.inflate(NODE_ZIP.deflate(text), text.length)).toEqual(text);
    expect(Uint8Array.from(NODE_ZIP.inflate(PORTABLE_ZIP.deflate(text), text.length))).toEqual(text);
  });

  test("an edit of a package opened with it is read by the portable reader and by fflate alike", () => {
    const book = openWorkbook(reportWorkbook(), { zip: NODE_ZIP });
    const edit = new WorkbookEdit(book);
    edit.writeSpill("Report", "B2", [
      ["pair", "chain"],
      ["WETH/USDC", "ethereum"],
    ]);
    const { bytes } = edit.toBytes();
    const portable = openWorkbook(bytes);
    const sheet = portable.worksheet("Report").cells;
    expect(sheet.get("B3")?.value).toBe("WETH/USDC");
    expect(sheet.get("C3")?.value).toBe("ethereum");
    const native = openWorkbook(bytes, { zip: NODE_ZIP }).worksheet("Report").cells;
    expect(native.get("C3")?.value).toBe("ethereum");
    expect(new TextDecoder().decode(unzipSync(bytes)[SHEET])).toContain("WETH/USDC");
  });

  test("a part that inflates past its declared size is refused as damaged, never inflated whole", () => {
    const lying = declareSize(reportWorkbook(), SHEET, 64);
    let refused: unknown;
    try {
      openWorkbook(lying, { fileName: "report.xlsx", zip: NODE_ZIP });
    } catch (e) {
      refused = e;
    }
    expect(isXlsxError(refused) && refused.kind).toBe("damaged");
    expect((refused as Error).message).toMatch(
      /"xl\/worksheets\/sheet1\.xml" (cannot be decompressed|fails its checksum)/,
    );
  });
});

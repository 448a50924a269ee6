import { unzipSync, zipSync } from "fflate";
import { isXlsxError, openWorkbook } from "../../../src/xlsx";
import { readZip } from "../../../src/xlsx/zip/zip-read";
import { ZIP_LIMITS } from "../../../src/xlsx/zip/zip-limits";
import { reportWorkbook } from "../support/report-fixture";
import { declareSize, repetitiveSheet } from "../support/zip-bombs";

const SHEET = "xl/worksheets/sheet1.xml";
const MB = 1024 * 1024;

/** The report fixture with its first sheet replaced by `sheet`, deflated at level 9. */
function withSheet(sheet: Uint8Array<ArrayBuffer>): Uint8Array {
  const files = unzipSync(reportWorkbook());
  files[SHEET] = sheet;
  return zipSync(files, { level: 9 });
}

/** Six sheets' worth of bomb: every worksheet part of the fixture declared at 450 MB (the file stays small). */
function sixSheetBomb(): Uint8Array {
  let bytes = withSheet(repetitiveSheet(64 * 1024));
  for (const e of readZip(bytes).entries.filter((x) => x.name.startsWith("xl/worksheets/sheet")))
    bytes = declareSize(bytes, e.name, 450 * MB);
  return bytes;
}

function refusal(open: () => unknown): { kind: string; message: string } {
  try {
    open();
  } catch (e) {
    if (isXlsxError(e)) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error("the package was opened");
}

// Each case is small on disk and in memory: a size declared by the central directory, or sheet XML that deflates a
// thousand times. None is inflated to see that it is too large.
const BOMBS: ReadonlyArray<[label: string, bytes: () => Uint8Array, kind: string, says: RegExp]> = [
  [
    "a part declaring more than one part may hold",
    () => declareSize(reportWorkbook(), SHEET, 600 * MB),
    "too-large",
    /"xl\/worksheets\/sheet1\.xml" would inflate to 600\.0 MB, over 512\.0 MB/,
  ],
  [
    "sheets declaring 450 MB each from a few kilobytes (the ratio of a bomb)",
    sixSheetBomb,
    "too-large",
    /would inflate \d+ KB to 450\.0 MB \(\d+ times; real workbooks stay under 250\), the mark of a decompression bomb/,
  ],
  [
    "a real sheet that deflates a thousand times",
    () => withSheet(repetitiveSheet(8 * MB)),
    "too-large",
    /"xl\/worksheets\/sheet1\.xml" would inflate \d+ KB to 8\.0 MB \(\d+ times/,
  ],
  [
    "a sheet declaring far less than it inflates to (a declared-size lie)",
    () => declareSize(withSheet(repetitiveSheet(8 * MB)), SHEET, 4096),
    "damaged",
    /the part "xl\/worksheets\/sheet1\.xml" fails its checksum/,
  ],
];

describe("a package that would inflate past what a refresh can hold", () => {
  test.each(BOMBS)("%s is refused when it is opened", (_label, bytes, kind, says) => {
    const refused = refusal(() => openWorkbook(bytes(), { fileName: "report.xlsx" }));
    expect(refused.kind).toBe(kind);
    expect(refused.message).toMatch(says);
    expect(refused.message).toMatch(/^"report\.xlsx" /);
  });

  test("the parts together are held to a total, each part within its own limits", () => {
    const bytes = reportWorkbook();
    const total = readZip(bytes).entries.reduce((n, e) => n + e.size, 0);
    const refused = refusal(() => readZip(bytes, "report.xlsx", { ...ZIP_LIMITS, maxTotalBytes: total - 1 }));
    expect(refused.kind).toBe("too-large");
    expect(refused.message).toMatch(/its parts would inflate to \d+ KB in all, over the \d+ KB a refresh holds/);
    expect(() => readZip(bytes, "report.xlsx", { ...ZIP_LIMITS, maxTotalBytes: total })).not.toThrow();
  });

  test("a repetitive sheet within the ratio opens", () => {
    // Under the grace size the ratio is not held against a part: small sheets of empty cells compress very well.
    expect(() => openWorkbook(withSheet(repetitiveSheet(MB)))).not.toThrow();
  });
});

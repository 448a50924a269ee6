import { openWorkbook, WorkbookEdit } from "../../../src/xlsx";
import * as splice from "../../../src/xlsx/xml/splice";
import { buildWorkbook, row } from "../support/build-workbook";
import { partText } from "../support/compare-packages";

const SHEET = "xl/worksheets/sheet1.xml";
const ROWS = 100_000;

/**
 * A result of 100,000 rows spilling into a sheet that has a few rows of its own inside and below the spill: the new
 * rows go in between them in one pass. Building the row list anew for every row added made this quadratic (minutes
 * at this size); the test pins the output and that each place rows go gets one splice, whatever the rows' count.
 */
describe("a large spill into a sheet", () => {
  afterEach(() => jest.restoreAllMocks());

  test("100,000 new rows are placed in order around the sheet's own rows, one splice per place", () => {
    const before = buildWorkbook({
      dynamicArrays: true,
      sheets: [
        {
          name: "Report",
          rows:
            row(2, '<c r="B2" cm="1"><f t="array" ref="B2">_xldudf_SERVICE_DATASET("dex","ethereum")</f><v>0</v></c>') +
            row(50_000, '<c r="F50000" t="inlineStr"><is><t>note</t></is></c>') +
            row(ROWS + 10, '<c r="A100010"><v>7</v></c>'),
        },
      ],
    });
    const values = Array.from({ length: ROWS }, (_, i) => [`pair ${i}`, i]);
    const edit = new WorkbookEdit(openWorkbook(before));
    const applied = jest.spyOn(splice, "applySplices");
    expect(edit.writeSpill("Report", "B2", values).newRef).toBe(`B2:C${ROWS + 1}`);
    const { bytes } = edit.toBytes();

    // The sheet's edit: the anchor, the cells added to row 50,000, its spans-free row kept, the <dimension>, and the
    // new rows in three runs (before row 50,000, before row 100,010, none after it).
    const sheetCall = applied.mock.calls.find(([, s]) => s.length > 3)!;
    const inserts = sheetCall[1].filter((s) => s.start === s.end && s.insert.includes("<row "));
    expect(inserts).toHaveLength(2);

    const xml = partText(bytes, SHEET);
    const rowNumbers = [...xml.matchAll(/<row r="(\d+)"/g)].map((m) => Number(m[1]));
    expect(rowNumbers).toHaveLength(ROWS + 1);
    expect(rowNumbers.every((r, i) => i === 0 || r > rowNumbers[i - 1])).toBe(true);
    expect(rowNumbers[rowNumbers.length - 1]).toBe(ROWS + 10);
    expect(xml).toContain('<dimension ref="A2:F100010"/>');
    expect(xml).toContain(
      '<row r="50000" x14ac:dyDescent="0.25"><c r="B50000" t="str"><v>pair 49998</v></c><c r="C50000"><v>49998</v></c>' +
        '<c r="F50000" t="inlineStr"><is><t>note</t></is></c></row>',
    );
    expect(xml).toContain(`<row r="${ROWS + 1}"><c r="B${ROWS + 1}" t="str"><v>pair ${ROWS - 1}</v></c>`);

    const back = openWorkbook(bytes).worksheet("Report").cells;
    expect(back.get("B3")?.value).toBe("pair 1");
    expect(back.get(`C${ROWS + 1}`)?.value).toBe(ROWS - 1);
    expect(back.get("A100010")?.value).toBe(7);
    // Seconds of work in linear time (reading, deflating and reading back 200,000 cells) on a busy machine: a bound
    // for a stuck run, not a timing assertion.
  }, 180_000);
});

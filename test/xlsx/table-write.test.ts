import * as XLSX from "@e965/xlsx";
import { openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { buildWorkbook, row } from "./support/build-workbook";
import { differingEntries, partText } from "./support/compare-packages";

const SHEET = "xl/worksheets/sheet1.xml";
const TABLE = "xl/tables/table1.xml";

function pulls(extraRows = "") {
  return buildWorkbook({
    sharedStrings: ["symbol", "volume"],
    sheets: [
      {
        name: "Pulls",
        dimension: "A1:B3",
        rows:
          row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>', ' spans="1:2"') +
          row(2, '<c r="A2" t="inlineStr"><is><t>ETH</t></is></c><c r="B2" s="1"><v>10</v></c>', ' spans="1:2"') +
          row(3, '<c r="A3" t="inlineStr"><is><t>BTC</t></is></c><c r="B3" s="1"><v>20</v></c>', ' spans="1:2"') +
          extraRows,
        tables: [{ name: "Pulls", ref: "A1:B3", columns: ["symbol", "volume"] }],
      },
    ],
  });
}

describe("writing a table's rows", () => {
  test("a table that grows: rows written below, range and auto-filter follow, number formats carried", () => {
    const before = pulls();
    const edit = new WorkbookEdit(openWorkbook(before));
    const plan = edit.writeTable("pulls", [
      ["ETH", 11],
      ["BTC", 21],
      ["SOL", 31.5],
    ]);
    expect(plan).toEqual({
      table: "Pulls",
      sheet: "Pulls",
      oldRef: "A1:B3",
      newRef: "A1:B4",
      rowsBefore: 2,
      rowsAfter: 3,
      takes: ["A4:B4"],
      leaves: [],
    });
    const { bytes } = edit.toBytes();
    expect(differingEntries(before, bytes)).toEqual([TABLE, SHEET]);
    const table = partText(bytes, TABLE);
    expect(table).toContain('ref="A1:B4" totalsRowShown="0">');
    expect(table).toMatch(/<autoFilter ref="A1:B4" xr:uid="[^"]+"\/>/);
    const sheet = partText(bytes, SHEET);
    expect(sheet).toContain(
      '<row r="4"><c r="A4" t="inlineStr"><is><t>SOL</t></is></c><c r="B4" s="1"><v>31.5</v></c></row>',
    );
    expect(sheet).toContain('<c r="A1" t="s"><v>0</v></c>');
    const read = openWorkbook(bytes);
    expect(read.table("Pulls").ref).toBe("A1:B4");
    const independent = XLSX.read(bytes, { type: "array" });
    expect(XLSX.utils.sheet_to_json(independent.Sheets.Pulls)).toEqual([
      { symbol: "ETH", volume: 11 },
      { symbol: "BTC", volume: 21 },
      { symbol: "SOL", volume: 31.5 },
    ]);
  });

  test("a table that shrinks clears the rows it leaves; an empty result keeps one empty data row", () => {
    const edit = new WorkbookEdit(openWorkbook(pulls()));
    expect(edit.writeTable("Pulls", [])).toMatchObject({ newRef: "A1:B2", rowsAfter: 1, leaves: ["A3:B3"] });
    const { bytes } = edit.toBytes();
    const sheet = partText(bytes, SHEET);
    expect(sheet).toContain('<row r="2" spans="1:2" x14ac:dyDescent="0.25"><c r="B2" s="1"/></row>');
    expect(sheet).toContain('<row r="3" spans="1:2" x14ac:dyDescent="0.25"><c r="B3" s="1"/></row>');
    expect(sheet).toContain('<dimension ref="A1:B3"/>');
    expect(openWorkbook(bytes).table("Pulls").ref).toBe("A1:B2");
  });

  test("a table that would grow over data below it is refused, naming the cell", () => {
    const edit = new WorkbookEdit(openWorkbook(pulls(row(5, '<c r="B5" t="inlineStr"><is><t>Total</t></is></c>'))));
    expect(() =>
      edit.writeTable("Pulls", [
        ["a", 1],
        ["b", 2],
        ["c", 3],
        ["d", 4],
      ]),
    ).toThrow('the table "Pulls" (Pulls!A1:B3) grows to 4 data rows, but Pulls!B5 holds "Total"; nothing was written.');
    expect(edit.toBytes().parts.changed).toEqual([]);
  });

  test("rows of another width, and a table with a totals row, are refused", () => {
    const edit = new WorkbookEdit(openWorkbook(pulls()));
    expect(() => edit.writeTable("Pulls", [["a", 1, 2]])).toThrow(/have 3 columns, but the table has 2/);
    const totals = buildWorkbook({
      sheets: [
        {
          name: "T",
          rows: row(1, '<c r="A1" t="inlineStr"><is><t>x</t></is></c>'),
          tables: [{ name: "T1", ref: "A1:A3", columns: ["x"], totalsRowCount: 1 }],
        },
      ],
    });
    expect(() => new WorkbookEdit(openWorkbook(totals)).writeTable("T1", [[1]])).toThrow(/has a totals row/);
  });
});

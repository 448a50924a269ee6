import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { strToU8, unzipSync, zipSync } from "fflate";
import { runRefreshCommand } from "../../src/refresh";
import { findServiceCells, openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { partText } from "./support/compare-packages";

const FIXTURES = join(__dirname, "fixtures", "excel-saved");
const FILES = ["dynamic_array01.xlsx", "array_formula01.xlsx", "formula_results01.xlsx"];
const SHEET = "xl/worksheets/sheet1.xml";

async function fixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(FIXTURES, name)));
}

/** The Excel-saved file with formula text replaced in its sheet: a SERVICE cell in the place of Excel's own formula. */
function inject(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const files = unzipSync(bytes);
  const xml = new TextDecoder().decode(files[SHEET]);
  if (!xml.includes(from)) throw new Error(`${from} is not in the fixture`);
  files[SHEET] = strToU8(xml.replace(from, to));
  return zipSync(files);
}

describe("workbooks saved by Excel", () => {
  test.each(FILES)("%s, with nothing to refresh, is left byte for byte (not written at all)", async (name) => {
    const dir = await mkdtemp(join(tmpdir(), "excel-saved-"));
    const file = join(dir, name);
    const before = await fixture(name);
    await writeFile(file, before);
    const out: string[] = [];
    const env = { SERVICE_API_KEY: "test-key-never-sent", SERVICE_API_BASE_URL: "http://127.0.0.1:9" };
    const code = await runRefreshCommand(
      [file],
      env,
      { out: (t) => out.push(t), error: () => undefined },
      {
        now: () => Date.parse("2026-03-15T10:00:00Z"),
        fetch: () => Promise.reject(new Error("no request was expected")),
      },
    );
    expect(code).toBe(0);
    expect(out.join("\n")).toContain("Nothing to refresh");
    expect(new Uint8Array(await readFile(file))).toEqual(before);
  });

  test("a SERVICE cell in Excel's one-cell dynamic array spills; only the sheet changes, and SheetJS reads the values", async () => {
    const before = inject(
      await fixture("dynamic_array01.xlsx"),
      "AVERAGE(TIMEVALUE(B1:B2))",
      "_xldudf_SERVICE_RESULTS(1002)",
    );
    const book = openWorkbook(before);
    expect(findServiceCells(book).map((c) => [c.ref, c.dynamicArray, c.spillRef])).toEqual([["A1", true, "A1"]]);
    // B1:B2 hold Excel's text: a result two columns wide is blocked (Excel would show #SPILL!), one column fits.
    expect(() => new WorkbookEdit(book).writeSpill("Sheet1", "A1", [["a", "b"]])).toThrow("Sheet1!B1 holds");
    const edit = new WorkbookEdit(book);
    expect(edit.writeSpill("Sheet1", "A1", [["pair"], ["WETH/USDC"], [3]]).newRef).toBe("A1:A3");
    const { bytes, parts } = edit.toBytes();
    expect(parts).toEqual({ changed: [SHEET], added: [], dropped: [] });
    expect(partText(bytes, SHEET)).toContain(
      '<c r="A1" cm="1" t="str"><f t="array" ref="A1:A3">_xldudf_SERVICE_RESULTS(1002)</f><v>pair</v></c>',
    );
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.Sheet1;
    expect([sheet.A1.v, sheet.A2.v, sheet.A3.v, sheet.B1.v]).toEqual(["pair", "WETH/USDC", 3, excelB1(before)]);
  });

  test("a SERVICE cell in Excel's legacy array range keeps the range: the result cut to it, #N/A beyond", async () => {
    const before = inject(await fixture("array_formula01.xlsx"), "SUM(B1:C1*B2:C2)", "_xldudf_SERVICE_RESULTS(1002)");
    const edit = new WorkbookEdit(openWorkbook(before));
    expect(
      edit.writeSpill("Sheet1", "A1", [
        [10, 11],
        [20, 21],
      ]),
    ).toMatchObject({ newRef: "A1:A3", takes: [], leaves: [] });
    const { bytes, parts } = edit.toBytes();
    expect(parts.changed).toEqual([SHEET]);
    const sheet = XLSX.read(bytes, { type: "array", cellFormula: true }).Sheets.Sheet1;
    expect([sheet.A1.v, sheet.A2.v, sheet.A3.w, sheet.B1.v]).toEqual([10, 20, "#N/A", 0]);
    expect(sheet.A1.F).toBe("A1:A3");
  });

  test("a SERVICE cell stored as a plain formula keeps one value, whatever the result's size", async () => {
    const before = inject(
      await fixture("formula_results01.xlsx"),
      "<f>1+1</f>",
      "<f>_xldudf_SERVICE_RESULTS(1002)</f>",
    );
    const edit = new WorkbookEdit(openWorkbook(before));
    expect(
      edit.writeSpill("Sheet1", "A1", [
        ["first", "x"],
        ["y", "z"],
      ]).newRef,
    ).toBe("A1");
    const { bytes, parts } = edit.toBytes();
    expect(parts.changed).toEqual([SHEET]);
    const xml = partText(bytes, SHEET);
    expect(xml).toContain('<c r="A1" t="str"><f>_xldudf_SERVICE_RESULTS(1002)</f><v>first</v></c>');
    expect(xml).toContain('<c r="A2" t="str"><f>"Foo"</f><v>Foo</v></c>');
    const sheet = XLSX.read(bytes, { type: "array" }).Sheets.Sheet1;
    expect([sheet.A1.v, sheet.A2.v, sheet.B1]).toEqual(["first", "Foo", undefined]);
  });
});

/** B1's text as Excel stored it (a shared string), read by SheetJS from the file before the edit. */
function excelB1(bytes: Uint8Array): unknown {
  return XLSX.read(bytes, { type: "array" }).Sheets.Sheet1.B1.v;
}

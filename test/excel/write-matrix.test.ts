import { writeMatrix, type RowBatches } from "../../src/excel";
import { TargetNotEmptyError } from "../../src/excel/errors";
import { createWorkbook } from "../../src/playground/workbook";
import { numberFormatsFor, SheetLimitError, toSheetMatrix, type CellValue } from "../../src/sheet";
import { mixedResult } from "./support/mixed-result";

const FOUR_MB = 4 * 1024 * 1024;

/** First differing cell, or undefined: jest's deep equality is slow on 1.2 million cells. */
function firstDifference(actual: unknown[][], expected: unknown[][]): string | undefined {
  if (actual.length !== expected.length) return `row count ${actual.length} ≠ ${expected.length}`;
  for (let r = 0; r < expected.length; r++) {
    if (actual[r].length !== expected[r].length) return `row ${r} width ${actual[r].length} ≠ ${expected[r].length}`;
    for (let c = 0; c < expected[r].length; c++) {
      if (!Object.is(actual[r][c], expected[r][c]))
        return `[${r}][${c}]: ${String(actual[r][c])} ≠ ${String(expected[r][c])}`;
    }
  }
  return undefined;
}

describe("writeMatrix against the emulated workbook", () => {
  test("100,000 × 12 rows: every sync under 4 MB, calculation suspended per chunk, data reads back equal", async () => {
    const wb = createWorkbook();
    const result = mixedResult(100_000);
    const matrix = toSheetMatrix(result, { headers: true, timestamps: "text" });
    const progress: number[] = [];
    const out = await writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "A1" }, matrix, {
      asTable: true,
      headers: true,
      tableName: "Big result",
      numberFormats: numberFormatsFor(result.types),
      onProgress: (n) => progress.push(n),
    });
    expect(out).toMatchObject({
      status: "complete",
      rowsWritten: 100_000,
      tableName: "Big_result",
      address: "Sheet1!A1:L100001",
    });
    expect(wb.stats.rejected).toEqual([]);
    expect(wb.stats.maxRequestBytes).toBeLessThan(FOUR_MB);
    const chunkSyncs = wb.stats.records.filter((r) => r.calculationSuspended);
    expect(chunkSyncs.length).toBeGreaterThan(5);
    expect(progress[progress.length - 1]).toBe(100_000);
    expect(wb.inspect.tables()).toEqual([{ name: "Big_result", sheet: "Sheet1", address: "Sheet1!A1:L100001" }]);

    const back = wb.inspect.values("Sheet1", "A1:L100001");
    const expected = matrix.map((row) => row.map((v) => (typeof v === "string" && v.startsWith("'") ? v.slice(1) : v)));
    expect(firstDifference(back, expected)).toBeUndefined();
    expect(back[1][1]).toBe("0x0000000000000000000000000000000000000000");
    expect(back[1][6]).toBe("000000");
    expect(back[1][9]).toBe("123456789012345678901234567890");
    expect(back[1][10]).toBe('=HYPERLINK("http://x","y")');
    expect(wb.inspect.cell("Sheet1", "K2").kind).toBe("text");
  });

  test("injection strings land as text in text and in unknown-typed columns", async () => {
    const wb = createWorkbook();
    const attacks = ['=HYPERLINK("http://x","y")', "+1", "-1+1", "@SUM(1)", "=1+1", "\t=1", "'quoted"];
    const result = { columns: ["s", "u"], types: ["varchar", "mystery"], rows: attacks.map((a) => [a, a]) };
    await writeMatrix({ run: wb.run, sheet: "Sheet1" }, toSheetMatrix(result, { headers: true }), {
      asTable: false,
      headers: true,
      numberFormats: numberFormatsFor(result.types),
    });
    const values = wb.inspect.values("Sheet1", `A2:B${attacks.length + 1}`);
    expect(values).toEqual(attacks.map((a) => [a, a]));
    // The emulation evaluates formulas (=1+1 → 2, HYPERLINK → "y"), so equal values already mean "not a formula";
    // check the cells' kind and formulas too.
    const formulas = wb.inspect.formulas("Sheet1", `A2:B${attacks.length + 1}`);
    expect(formulas).toEqual(attacks.map((a) => [a, a]));
    for (let i = 0; i < attacks.length; i++) {
      for (const col of ["A", "B"])
        expect(wb.inspect.cell("Sheet1", `${col}${i + 2}`)).toMatchObject({ kind: "text", formula: null });
    }
    const read = await wb.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Sheet1").getRange(`A2:B${attacks.length + 1}`);
      r.load("values, formulas, valueTypes");
      await context.sync();
      return { values: r.values, formulas: r.formulas, types: r.valueTypes };
    });
    expect(read.values).toEqual(values);
    expect(read.formulas).toEqual(formulas);
    expect(read.types.flat().every((t) => t === "String")).toBe(true);
  });

  test("text columns keep 0x0001, 00123, 2018-12-31 and TRUE as text", async () => {
    const wb = createWorkbook();
    const tricky = ["0x0001", "00123", "2018-12-31", "TRUE", "1e5", "#N/A", "12%"];
    const result = { columns: ["v"], types: ["varchar"], rows: tricky.map((t) => [t]) };
    await writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "C3" }, toSheetMatrix(result, { headers: true }), {
      asTable: true,
      headers: true,
      numberFormats: numberFormatsFor(result.types),
    });
    expect(wb.inspect.values("Sheet1", "C4:C10").flat()).toEqual(tricky);
    expect(wb.inspect.numberFormats("Sheet1", "C4:C10").flat()).toEqual(tricky.map(() => "@"));
    expect(wb.inspect.cell("Sheet1", "C5").quotePrefix).toBe(false); // the @ format did it, no apostrophe needed
  });

  test("timestamps as Excel dates get a date format and read back as serials", async () => {
    const wb = createWorkbook();
    const result = { columns: ["at"], types: ["timestamp"], rows: [["2024-03-05 15:03:00.000"]] };
    await writeMatrix(
      { run: wb.run, sheet: "Sheet1" },
      toSheetMatrix(result, { headers: true, timestamps: "excel-date" }),
      {
        asTable: false,
        headers: true,
        numberFormats: numberFormatsFor(result.types, { timestamps: "excel-date" }),
      },
    );
    expect(wb.inspect.cell("Sheet1", "A2")).toMatchObject({
      kind: "number",
      numberFormat: "yyyy-mm-dd hh:mm:ss",
      text: "2024-03-05 15:03:00",
    });
    expect(wb.inspect.cell("Sheet1", "A1")).toMatchObject({ value: "at", style: { bold: true } });
  });

  test("sheet limits: too many rows from the start cell fail before any write, with an actionable message", async () => {
    const wb = createWorkbook();
    const rows = Array.from({ length: 11 }, () => [1]);
    await expect(
      writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "A1048570" }, rows, {
        asTable: false,
        headers: true,
        numberFormats: ["General"],
      }),
    ).rejects.toBeInstanceOf(SheetLimitError);
    await expect(
      writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "XFD1" }, [[1, 2]], {
        asTable: false,
        headers: false,
        numberFormats: ["General", "General"],
      }),
    ).rejects.toThrow(/columns/);
    expect(wb.stats.records.every((r) => r.requestBytes < 2_000)).toBe(true);
    expect(wb.inspect.usedAddress("Sheet1")).toBeNull();
  });

  test("a streamed source that overflows the sheet stops with a marked partial block", async () => {
    const wb = createWorkbook();
    async function* pages(): RowBatches {
      for (let p = 0; p < 3; p++) yield Array.from({ length: 5 }, (_, i): CellValue[] => [p * 5 + i]);
    }
    await expect(
      writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "A1048566" }, pages(), {
        asTable: false,
        headers: false,
        numberFormats: ["General"],
        maxPayloadBytes: 4_200,
      }),
    ).rejects.toBeInstanceOf(SheetLimitError);
    // 11 rows fit; chunks of 6 rows: the first chunk landed, the second would not fit and was not sent.
    expect(wb.inspect.values("Sheet1", "A1048566:A1048571").flat()).toEqual([0, 1, 2, 3, 4, 5]);
    const marker = wb.inspect.cell("Sheet1", "A1048572");
    expect(marker.value).toMatch(
      /^Insert failed \(This result has 12 rows.*\): 6 rows written\. The block above is incomplete\.$/,
    );
    expect(marker.style.fillColor).toBe("#FFEB9C");
  });

  test("refuses to overwrite a non-empty area unless asked", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B5").values = [["mine"]];
      await context.sync();
    });
    const write = (overwrite: boolean) =>
      writeMatrix(
        { run: wb.run, sheet: "Sheet1", cell: "A1" },
        Array.from({ length: 10 }, () => ["x", "y"]),
        {
          asTable: false,
          headers: false,
          numberFormats: ["@", "@"],
          overwrite,
        },
      );
    await expect(write(false)).rejects.toBeInstanceOf(TargetNotEmptyError);
    expect(wb.inspect.values("Sheet1", "B5")).toEqual([["mine"]]);
    await expect(write(true)).resolves.toMatchObject({ status: "complete" });
  });

  test("without a sheet or cell, writes at the selection; a table without headers gets Column1..N", async () => {
    const wb = createWorkbook({ sheets: ["One", "Two"] });
    wb.select("Two", "C3:D4");
    const out = await writeMatrix(
      { run: wb.run },
      [
        [1, 2],
        [3, 4],
      ],
      { asTable: true, headers: false, numberFormats: ["General", "General"] },
    );
    expect(out).toMatchObject({ sheet: "Two", address: "Two!C3:D5" });
    expect(wb.inspect.values("Two", "C3:D5")).toEqual([
      ["Column1", "Column2"],
      [1, 2],
      [3, 4],
    ]);
    expect(wb.inspect.tables()[0]).toMatchObject({ name: "Result", address: "Two!C3:D5" });
  });

  test("cancel mid-insert leaves the written rows, a marker row, and no table", async () => {
    const wb = createWorkbook();
    const controller = new AbortController();
    const result = mixedResult(20_000);
    const matrix = toSheetMatrix(result, { headers: true });
    const out = await writeMatrix({ run: wb.run, sheet: "Sheet1" }, matrix, {
      asTable: true,
      headers: true,
      numberFormats: numberFormatsFor(result.types),
      maxPayloadBytes: 500_000,
      onProgress: (n) => {
        if (n >= 5_000) controller.abort();
      },
      signal: controller.signal,
    });
    expect(out.status).toBe("cancelled");
    expect(out.rowsWritten).toBeGreaterThanOrEqual(5_000);
    expect(out.rowsWritten).toBeLessThan(20_000);
    expect(wb.inspect.tables()).toEqual([]);
    const markerRow = out.rowsWritten + 2; // header + data rows, then the marker
    const marker = wb.inspect.cell("Sheet1", `A${markerRow}`);
    expect(marker.value).toBe(
      `Insert cancelled: ${out.rowsWritten.toLocaleString("en-US")} of 20,000 rows written. The block above is incomplete.`,
    );
    expect(marker.style).toMatchObject({ bold: true, fillColor: "#FFEB9C", fontColor: "#9C0006" });
    expect(wb.inspect.cell("Sheet1", `L${markerRow}`).style.fillColor).toBe("#FFEB9C");
    expect(wb.inspect.values("Sheet1", `A${markerRow + 1}`)).toEqual([[""]]);
  });

  test("rows streamed as async batches are written without the total known up front", async () => {
    const wb = createWorkbook();
    let pulled = 0;
    async function* pages(): RowBatches {
      yield [["id", "v"]];
      for (let p = 0; p < 4; p++) {
        pulled++;
        yield Array.from({ length: 2_500 }, (_, i): CellValue[] => [p * 2_500 + i, `00${i}`]);
      }
    }
    const progress: [number, number | undefined][] = [];
    const out = await writeMatrix({ run: wb.run, sheet: "Sheet1" }, pages(), {
      asTable: true,
      headers: true,
      numberFormats: ["General", "@"],
      maxPayloadBytes: 60_000,
      onProgress: (n, total) => progress.push([n, total]),
    });
    expect(pulled).toBe(4);
    expect(out).toMatchObject({ status: "complete", rowsWritten: 10_000, address: "Sheet1!A1:B10001" });
    expect(progress[progress.length - 1]).toEqual([10_000, undefined]);
    expect(wb.inspect.values("Sheet1", "A10001:B10001")).toEqual([[9_999, "002499"]]);
    expect(wb.stats.maxRequestBytes).toBeLessThanOrEqual(60_000);
  });
});

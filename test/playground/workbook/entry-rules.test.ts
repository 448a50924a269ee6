import { createWorkbook } from "../../../src/playground/workbook";

type Written = string | number | boolean;

/** Writes one value into A1 (optionally pre-formatted) through Excel.run and reads everything back. */
async function roundTrip(input: Written, numberFormat?: string) {
  const wb = createWorkbook();
  const out = await wb.run(async (context) => {
    const cell = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
    if (numberFormat !== undefined) cell.numberFormat = [[numberFormat]];
    cell.values = [[input]];
    cell.load("values, formulas, numberFormat, valueTypes, text");
    await context.sync();
    return {
      values: cell.values[0][0],
      formulas: cell.formulas[0][0],
      numberFormat: cell.numberFormat[0][0],
      type: cell.valueTypes[0][0],
    };
  });
  return { ...out, snapshot: wb.inspect.cell("Sheet1", "A1") };
}

describe("strings written through values are coerced like Excel (General cells)", () => {
  test.each<[Written, Written, string, string]>([
    // input, values read back, valueType, number format after
    ["00123", 123, "Double", "General"],
    ["1e5", 100000, "Double", "0.00E+00"],
    ["TRUE", true, "Boolean", "General"],
    ["false", false, "Boolean", "General"],
    ["2018-12-31", 43465, "Double", "m/d/yyyy"],
    ["12%", 0.12, "Double", "0%"],
    ["1,234", 1234, "Double", "#,##0"],
    ["#N/A", "#N/A", "Error", "General"],
    ["0x0001", "0x0001", "String", "General"],
    ["2018-12-31T10:00:00Z", "2018-12-31T10:00:00Z", "String", "General"],
    ["-5", -5, "Double", "General"],
    ["12345678901234567890", 12345678901234500000, "Double", "General"],
    ["hello", "hello", "String", "General"],
  ])("%p → %p (%s, %s)", async (input, value, type, format) => {
    const got = await roundTrip(input);
    expect(got.values).toBe(value);
    expect(got.type).toBe(type);
    expect(got.numberFormat).toBe(format);
  });
});

describe("formula triggers", () => {
  test.each<[string, Written, string]>([
    ["=1+1", 2, "=1+1"],
    ["+1", 1, "=+1"],
    ["-1+1", 0, "=-1+1"],
    ["@SUM(1)", 1, "=SUM(1)"],
    ['=HYPERLINK("http://x","y")', "y", '=HYPERLINK("http://x","y")'],
    ["=SERVICE.QUERY(1)", "#NAME?", "=SERVICE.QUERY(1)"],
  ])("%p becomes a formula", async (input, value, formula) => {
    const got = await roundTrip(input);
    expect(got.snapshot.kind).toBe("formula");
    expect(got.values).toBe(value);
    expect(got.formulas).toBe(formula);
  });

  test("a leading apostrophe stores the rest as text; the apostrophe is not part of the value", async () => {
    for (const input of ["'=1+1", "'00123", "'TRUE", "'2018-12-31", "'@SUM(1)"]) {
      const got = await roundTrip(input);
      expect(got.snapshot).toMatchObject({ kind: "text", value: input.slice(1), quotePrefix: true, formula: null });
      expect(got.values).toBe(input.slice(1));
      expect(got.type).toBe("String");
    }
  });

  test("with the Text format (@) strings are stored as given: no formula, no coercion", async () => {
    for (const input of ["=1+1", "+1", "00123", "TRUE", "2018-12-31", "1e5", "#N/A"]) {
      const got = await roundTrip(input, "@");
      expect(got.snapshot.kind).toBe("text");
      expect(got.values).toBe(input);
      expect(got.numberFormat).toBe("@");
    }
  });

  test("the apostrophe is consumed in a Text cell too", async () => {
    const got = await roundTrip("'=1+1", "@");
    expect(got.values).toBe("=1+1");
    expect(got.snapshot.quotePrefix).toBe(true);
  });

  test("numbers written into a Text cell become text", async () => {
    const got = await roundTrip(42, "@");
    expect(got.values).toBe("42");
    expect(got.type).toBe("String");
  });

  test("the evaluateFormula hook answers SERVICE.* formulas", async () => {
    const wb = createWorkbook({ evaluateFormula: (f) => (f.startsWith("=SERVICE.") ? 7 : undefined) });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").values = [["=SERVICE.QUERY(1)", "=A1*2"]];
      await context.sync();
    });
    expect(wb.inspect.values("Sheet1", "A1:B1")).toEqual([[7, 14]]);
  });
});

describe("cell limits", () => {
  test("a string longer than 32,767 characters is refused", async () => {
    const wb = createWorkbook();
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["x".repeat(32_768)]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("ranges beyond 1,048,576 × 16,384 are refused", async () => {
    const wb = createWorkbook();
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(1_048_575, 0, 2, 1).values = [[1], [2]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("XFE1").values = [[1]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("a values array must match the range", async () => {
    const wb = createWorkbook();
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [[1, 2]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

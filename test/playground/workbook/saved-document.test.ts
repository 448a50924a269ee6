import { createWorkbook, type PlaygroundWorkbook, type WorkbookDocument } from "../../../src/playground/workbook";

/**
 * The playground's workbook as a file keeps it: reopening shows the values as last calculated (formula results and
 * spilled cells included), the formulas, number formats, tables and the settings as last saved; nothing is
 * evaluated on open, and formulas compute again on the next calculation.
 */
async function filled(): Promise<PlaygroundWorkbook> {
  const wb = createWorkbook({ sheets: ["Data", "Report"] });
  await wb.run(async (ctx) => {
    const data = ctx.workbook.worksheets.getItem("Data");
    data.getRange("A1:C2").values = [
      ["name", "amount", "when"],
      ['a,"b"', 1.5, "2024-01-02"],
    ];
    data.getRange("D2").formulas = [["=B2*2"]];
    data.getRange("B2").numberFormat = [["0.00"]];
    data.tables.add("Data!A1:C2", true).name = "Kept";
    ctx.workbook.worksheets.getItem("Report").getRange("A1").values = [["#N/A"]];
    await ctx.sync();
  });
  wb.Office.context.document.settings.set("saved", { n: 1 });
  await new Promise<void>((resolve) => wb.Office.context.document.settings.saveAsync(() => resolve()));
  wb.Office.context.document.settings.set("unsaved", true);
  return wb;
}

test("a saved workbook reopens with its values, formulas, formats, tables and saved settings", async () => {
  const wb = await filled();
  const doc = JSON.parse(JSON.stringify(wb.saveDocument())) as WorkbookDocument; // through JSON, as stored
  const evaluated: string[] = [];
  const again = createWorkbook({
    document: doc,
    evaluateFormula: (formula) => {
      evaluated.push(formula);
      return undefined;
    },
  });
  expect(again.inspect.sheetNames()).toEqual(["Data", "Report"]);
  expect(again.inspect.values("Data", "A1:D2")).toEqual([
    ["name", "amount", "when", ""],
    ['a,"b"', 1.5, 45293, 3],
  ]);
  expect(again.inspect.formulas("Data", "D2")).toEqual([["=B2*2"]]);
  expect(again.inspect.numberFormats("Data", "B2")).toEqual([["0.00"]]);
  expect(again.inspect.cell("Report", "A1")).toMatchObject({ kind: "error", value: "#N/A" });
  expect(again.inspect.tables()).toEqual([{ name: "Kept", sheet: "Data", address: "Data!A1:C2" }]);
  expect(again.Office.context.document.settings.get("saved")).toEqual({ n: 1 });
  expect(again.Office.context.document.settings.get("unsaved")).toBeNull();
  // Nothing was evaluated on open; the next calculation computes the formulas again.
  expect(evaluated).toEqual([]);
  await again.run(async (ctx) => {
    ctx.workbook.application.calculate("Full");
    await ctx.sync();
  });
  expect(evaluated).toContain("=B2*2");
});

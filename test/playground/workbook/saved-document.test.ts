import { createWorkbook, type PlaygroundWorkbook, type WorkbookDocument } from "../../../src/playground/workbook";
import { WorkbookFile } from "../../../src/playground/host/workbook-file";
import { ManualClock } from "../../support/manual-clock";

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

function memoryStorage(limit = Infinity): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException("full", "QuotaExceededError");
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

describe("WorkbookFile: the playground's workbook kept in localStorage", () => {
  test("saved a moment after changes (however many), loaded back; a foreign or broken item is ignored", async () => {
    const storage = memoryStorage();
    const clock = new ManualClock();
    const file = new WorkbookFile(storage, clock);
    const wb = await filled();
    let snapshots = 0;
    file.attach(() => {
      snapshots++;
      return wb.saveDocument();
    });
    for (let i = 0; i < 50; i++) file.saveSoon();
    clock.advance(249);
    expect(file.load()).toBeUndefined();
    file.saveSoon(); // a steady stream of changes does not push the save back
    clock.advance(1);
    expect(snapshots).toBe(1);
    clock.advance(10_000);
    expect(snapshots).toBe(1);
    expect(file.load()?.sheets.map((s) => s.name)).toEqual(["Data", "Report"]);
    storage.setItem("playground.workbook", "{not json");
    expect(file.load()).toBeUndefined();
    storage.setItem("playground.workbook", JSON.stringify({ version: 2, sheets: [] }));
    expect(file.load()).toBeUndefined();
    file.forget();
    expect(storage.items.size).toBe(0);
  });

  test("a workbook grown too large for the storage: the older copy goes, the page is told, and told when it fits again", async () => {
    const storage = memoryStorage(3000);
    const file = new WorkbookFile(storage);
    const told: (string | undefined)[] = [];
    file.onProblem((problem) => told.push(problem));
    const wb = createWorkbook();
    file.attach(() => wb.saveDocument());
    file.saveNow();
    expect(file.load()).toBeDefined(); // small: kept
    await wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["x".repeat(5000)]];
      await ctx.sync();
    });
    file.saveNow();
    expect(file.problem).toMatch(/too large for the browser's storage/);
    // Not the older, smaller workbook on the next reload: nothing, as the message says.
    expect(file.load()).toBeUndefined();
    file.saveNow(); // still too large: told once
    await wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["small again"]];
      await ctx.sync();
    });
    file.saveNow();
    expect(file.problem).toBeUndefined();
    expect(file.load()).toBeDefined();
    expect(told).toEqual([expect.stringMatching(/a reload starts an empty workbook/), undefined]);
  });
});

import { saveBinding } from "../../src/excel";
import type { ResultSource } from "../../src/service-cells";
import { createWorkbook, type PlaygroundWorkbook } from "../../src/playground/workbook";
import { SnapshotController } from "../../src/taskpane/logic/snapshot-controller";

const NOW = Date.parse("2026-03-10T09:00:00Z");
const SPILL = { row: 1, column: 1, rowCount: 3, columnCount: 2 }; // Report!B2:C4

const cellSource: ResultSource = {
  kind: "latest",
  queryId: 1002,
  executionId: "01EXEC",
  ranAt: "2026-02-28T23:00:00Z",
  readAt: "2026-03-01T08:00:00Z",
};
const tableSource: ResultSource = { kind: "execution", executionId: "01TABLE", readAt: "2026-03-01T08:05:00Z" };

/** A report as the add-in leaves it: a SERVICE cell with its spilled rows, and an inserted table with its binding. */
async function report(): Promise<PlaygroundWorkbook> {
  const wb = createWorkbook({
    sheets: ["Report", "Data"],
    evaluateFormula: (formula) => (/^=SERVICE\./i.test(formula) ? "symbol" : undefined),
    isExternalFunction: (name) => name.toUpperCase().startsWith("SERVICE."),
    externalSpill: (sheet, row, column) =>
      sheet === "Report" && row >= 1 && row <= 3 && column >= 1 && column <= 2 ? SPILL : undefined,
  });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Report");
    sheet.getRange("A1").values = [["Month-end report"]];
    sheet.getRange("B2").formulas = [['=SERVICE.QUERY(1002,"limit=2")']];
    sheet.getRange("C2").values = [["price"]];
    sheet.getRange("B3:C4").values = [
      ["'=ETH", 3100.5], // text that looks like a formula
      ["BTC", 90000],
    ];
    const data = context.workbook.worksheets.getItem("Data");
    data.getRange("A1:B3").values = [
      ["chain", "volume"],
      ["ethereum", 12],
      ["solana", 7],
    ];
    data.tables.add("Data!A1:B3", true).name = "Pairs";
    await context.sync();
  });
  await saveBinding(
    wb.Office.context.document.settings,
    {
      kind: "execution",
      id: "01TABLE",
      tableName: "Pairs",
      sheet: "Data",
      address: "Data!A1:B3",
      insertedAt: "2026-03-01T08:05:00Z",
      source: JSON.parse(JSON.stringify(tableSource)),
    },
    { now: NOW },
  );
  return wb;
}

function controller(wb: PlaygroundWorkbook, sources = true): SnapshotController {
  return new SnapshotController({
    run: wb.run,
    settings: wb.Office.context.document.settings,
    clock: { now: () => NOW },
    resultSourceAt: (sheet, row, column) =>
      sources && sheet === "Report" && row === 1 && column === 1 ? cellSource : undefined,
    supports: () => true,
  });
}

async function sheetNames(wb: PlaygroundWorkbook): Promise<string[]> {
  return wb.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    return sheets.items.map((s) => s.name);
  });
}

async function contents(wb: PlaygroundWorkbook, name: string): Promise<{ values: unknown[][]; formulas: unknown[][] }> {
  return wb.run(async (context) => {
    const used = context.workbook.worksheets.getItem(name).getUsedRange();
    used.load("values, formulas");
    await context.sync();
    return { values: used.values, formulas: used.formulas };
  });
}

describe("the Report tab's month-end snapshot", () => {
  it("copies each result as values under its From line and its source line, on a sheet named for last month", async () => {
    const wb = await report();
    const snapshot = controller(wb);
    expect(snapshot.store.state.defaultName).toBe("2026-02");
    const end = await snapshot.take();
    expect(end.sheet).toBe("2026-02");
    expect(end.message).toContain("2 results");
    expect(end.message).toContain("Nothing was fetched or run");
    expect(await sheetNames(wb)).toEqual(["Report", "Data", "2026-02"]);
    const { values, formulas } = await contents(wb, "2026-02");
    const col = (r: number) => values[r][0];
    expect(String(col(0))).toContain("Snapshot of this workbook, taken 2026-03-10T09:00Z");
    expect(col(2)).toBe("From Report!B2:C4");
    expect(col(3)).toBe(
      "Query 1002, latest result; execution 01EXEC ran 2026-02-28 23:00 UTC; read 2026-03-01 08:00 UTC; https://dune.com/queries/1002",
    );
    expect(values.slice(4, 7)).toEqual([
      ["symbol", "price"],
      ["=ETH", 3100.5],
      ["BTC", 90000],
    ]);
    expect(col(8)).toBe("From table Pairs (Data!A1:B3)");
    expect(col(9)).toBe("Execution 01TABLE; read 2026-03-01 08:05 UTC");
    expect(values.slice(10, 13)).toEqual([
      ["chain", "volume"],
      ["ethereum", 12],
      ["solana", 7],
    ]);
    // Values only: every cell of the snapshot is a constant (its formula is its value; "=ETH" stays text).
    expect(formulas).toEqual(values);
  });

  it("says so when a result's source is not known", async () => {
    const wb = await report();
    await controller(wb, false).take();
    const { values } = await contents(wb, "2026-02");
    expect(String(values[3][0])).toMatch(/^Source not known: the SERVICE functions have not shown this result/);
  });

  it("refuses a sheet name the workbook has, naming it, and writes nothing", async () => {
    const wb = await report();
    const snapshot = controller(wb);
    snapshot.setName("Data");
    const before = await contents(wb, "Data");
    const end = await snapshot.take();
    expect(end.message).toContain('The workbook already has a sheet "Data"; nothing was written.');
    expect(end.sheet).toBeUndefined();
    expect(await sheetNames(wb)).toEqual(["Report", "Data"]);
    expect(await contents(wb, "Data")).toEqual(before);
  });

  it("takes the name typed beside the button", async () => {
    const wb = await report();
    const snapshot = controller(wb);
    snapshot.setName(" Close Feb ");
    expect((await snapshot.take()).sheet).toBe("Close Feb");
  });

  it("says there is nothing to snapshot in a workbook without results, and adds no sheet", async () => {
    const wb = createWorkbook({ sheets: ["Sheet1"] });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["just text"]];
      await context.sync();
    });
    const end = await controller(wb).take();
    expect(end.message).toBe("Nothing to snapshot: this workbook has no SERVICE results or inserted tables.");
    expect(await sheetNames(wb)).toEqual(["Sheet1"]);
  });

  it("says why on an Excel without dynamic arrays", async () => {
    const wb = await report();
    const snapshot = new SnapshotController({
      run: wb.run,
      settings: wb.Office.context.document.settings,
      clock: { now: () => NOW },
      supports: () => false,
    });
    expect((await snapshot.take()).message).toContain("ExcelApi 1.12");
    expect(await sheetNames(wb)).toEqual(["Report", "Data"]);
  });
});

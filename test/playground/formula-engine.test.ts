import {
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
} from "../../src/playground/custom-functions";
import { FunctionCatalog } from "../../src/playground/function-cells/function-catalog";
import { FunctionCells } from "../../src/playground/function-cells/function-cells";
import { createWorkbook, type WorkbookDocument } from "../../src/playground/workbook";
import { ManualClock } from "../support/manual-clock";

const metadata: FunctionsMetadata = {
  functions: [{ id: "ROWSOF", name: "ROWSOF", parameters: [{ name: "label" }], result: {}, options: { stream: true } }],
};

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The playground's wiring (as install-host does it) with a streaming SERVICE.ROWSOF(label) whose rows we set. */
function setup(document?: WorkbookDocument) {
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const streams = new Map<string, FakeStreamingInvocation<unknown>>();
  const calls: string[] = [];
  runtime.associate("ROWSOF", (label: string, invocation: FakeStreamingInvocation<unknown>) => {
    calls.push(label);
    streams.set(label, invocation);
  });
  const catalog = new FunctionCatalog(metadata, "SERVICE");
  const cells = new FunctionCells({ runtime, catalog });
  const clock = new ManualClock("2026-03-15T10:00:00Z");
  const wb = createWorkbook({
    sheets: ["Sheet1", "Data"],
    evaluateFormula: cells.hook,
    isExternalFunction: (name) => catalog.inNamespace(name),
    externalSpill: (sheet, row, column) => cells.ownerOf(sheet, row, column)?.spilled?.block,
    document,
    spills: () => cells.spills(),
    clock,
  });
  cells.attach(wb);
  const write = async (address: string, value: string | number, sheet = "Sheet1") => {
    await wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).values = [[value]];
      await ctx.sync();
    });
    await flush();
  };
  const deliver = async (label: string, rows: unknown[][]) => {
    streams.get(label)!.setResult(rows);
    await flush();
  };
  const value = (address: string, sheet = "Sheet1") => wb.inspect.values(sheet, address)[0][0];
  return { wb, cells, write, deliver, value, calls, clock };
}

describe("the playground workbook calculates with the formula engine", () => {
  test("=SUM(A1#) and =ROWS(A1#) follow a SERVICE result as it arrives and grows", async () => {
    const { write, deliver, value } = setup();
    await write("A1", '=SERVICE.ROWSOF("x")');
    await write("D1", "=SUM(A1#)");
    await write("E1", "=ROWS(A1#)");
    await write("F1", '=XLOOKUP("b",INDEX(A1#,0,1),INDEX(A1#,0,2),"none")');
    // Until the result arrives A1# is the anchor alone, showing #BUSY!.
    expect([value("A1"), value("D1"), value("E1")]).toEqual(["#BUSY!", "#BUSY!", 1]);
    const first = [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ];
    await deliver("x", first);
    expect([value("D1"), value("E1"), value("F1")]).toEqual([first.reduce((s, r) => s + (r[1] as number), 0), 3, 2]);
    const more = [...first, ["d", 4], ["e", 5]];
    await deliver("x", more);
    expect([value("D1"), value("E1")]).toEqual([more.reduce((s, r) => s + (r[1] as number), 0), 5]);
  });

  test("only what depends on a change recalculates: the SERVICE function is not called again", async () => {
    const { write, value, calls } = setup();
    await write("B1", "x");
    await write("A1", "=SERVICE.ROWSOF(B1)");
    await write("C1", 5);
    await write("D1", "=C1*2");
    expect(value("D1")).toBe(10);
    await write("C1", 6);
    expect(value("D1")).toBe(12);
    expect(calls).toEqual(["x"]);
    await write("B1", "y");
    expect(calls).toEqual(["x", "y"]);
  });

  test("a SERVICE call inside an expression says how to use it; an unknown function says it is not available", async () => {
    const { write, value, wb } = setup();
    await write("A1", '=ROWS(SERVICE.ROWSOF("x"))');
    await write("A2", "=LAMBDA(x,x)");
    expect(value("A1")).toBe("#VALUE!");
    expect(wb.inspect.message("Sheet1", "A1")).toMatch(/SERVICE.ROWSOF must be a formula of its own/);
    expect(value("A2")).toBe("#NAME?");
    expect(wb.inspect.message("Sheet1", "A2")).toBe("LAMBDA is not available in the playground.");
  });

  test("=IFERROR(B2/0,0) is 0 and =EOMONTH(TODAY(),-1) reads the workbook's clock", async () => {
    const { write, value, clock } = setup();
    await write("B2", 7);
    await write("A1", "=IFERROR(B2/0,0)");
    await write("A2", "=EOMONTH(TODAY(),-1)");
    expect(value("A1")).toBe(0);
    const now = new Date(clock.now() - new Date(clock.now()).getTimezoneOffset() * 60_000);
    const lastMonthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0) / 86_400_000 + 25_569;
    expect(value("A2")).toBe(lastMonthEnd);
  });

  test("an array formula spills, a SERVICE spill in the way makes it #SPILL!, and a reopened one keeps its spill", async () => {
    const { write, deliver, value, wb } = setup();
    await write("A1", "=SEQUENCE(3)");
    expect(wb.inspect.values("Sheet1", "A1:A3")).toEqual([[1], [2], [3]]);
    expect(wb.inspect.spillAt("Sheet1", 2, 0)).toEqual({
      block: { row: 0, column: 0, rowCount: 3, columnCount: 1 },
      blocked: false,
    });
    await write("C2", '=SERVICE.ROWSOF("y")');
    await deliver("y", [[1], [2], [3]]);
    await write("C1", "=SEQUENCE(2)");
    expect(value("C1")).toBe("#SPILL!");
    expect(wb.inspect.message("Sheet1", "C1")).toBe("Spill range isn't blank");
    const reopened = setup(wb.saveDocument());
    await reopened.write("Z1", 1); // any sync calculates
    expect(reopened.wb.inspect.values("Sheet1", "A1:A3")).toEqual([[1], [2], [3]]);
  });

  test("Calculate (recalculate) reruns volatile formulas only; a full calculation reruns every formula", async () => {
    const { write, value, wb, clock } = setup();
    await write("A1", "=TODAY()");
    const today = value("A1");
    clock.advance(2 * 86_400_000);
    await wb.run(async (ctx) => {
      ctx.workbook.application.calculate("Recalculate");
      await ctx.sync();
    });
    expect(value("A1")).toBe((today as number) + 2);
  });
});

describe("structure changes", () => {
  test("a renamed sheet's array formula keeps its spill; a deleted sheet's references become #REF!", async () => {
    const { write, wb, value } = setup();
    await write("A1", "=SEQUENCE(3)", "Data");
    await write("B1", "=SUM(Data!A1:A3)");
    expect(value("B1")).toBe(6);
    await wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Data").name = "Numbers";
      await ctx.sync();
    });
    expect(wb.inspect.values("Numbers", "A1:A3")).toEqual([[1], [2], [3]]);
    expect(wb.inspect.spillAt("Numbers", 2, 0)?.blocked).toBe(false);
    expect(value("B1")).toBe("#REF!");
    expect(wb.inspect.message("Sheet1", "B1")).toBe('There is no sheet named "Data".');
  });
});

test("=TODAY(), =NOW() and =DATE(…) typed into a General cell get a date format, as in Excel", async () => {
  const { write, wb } = setup();
  await write("A1", "=TODAY()");
  await write("A2", "=NOW()");
  await write("A3", "=DATE(2024,2,29)");
  await write("A4", "=EOMONTH(DATE(2024,3,5),-1)");
  expect(wb.inspect.numberFormats("Sheet1", "A1:A4")).toEqual([
    ["m/d/yyyy"],
    ["m/d/yyyy h:mm"],
    ["m/d/yyyy"],
    ["General"],
  ]);
  expect(wb.inspect.cell("Sheet1", "A3").text).toBe("2/29/2024");
});

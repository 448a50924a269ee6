import {
  CustomFunctionsError,
  ErrorCode,
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
} from "../../src/playground/custom-functions";
import { FunctionCatalog } from "../../src/playground/function-cells/function-catalog";
import { FunctionCells } from "../../src/playground/function-cells/function-cells";
import { createWorkbook, type WorkbookDocument } from "../../src/playground/workbook";

const metadata: FunctionsMetadata = {
  functions: [
    {
      id: "GRID",
      name: "GRID",
      parameters: [{ name: "rows" }, { name: "columns" }],
      result: { dimensionality: "matrix" },
    },
    { id: "FAIL", name: "FAIL", parameters: [], result: {} },
    { id: "TICKS", name: "TICKS", parameters: [{ name: "label" }], result: {}, options: { stream: true } },
  ],
};

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(document?: WorkbookDocument) {
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  /** The GRID function's answers have at most this many rows (a result that shrinks on its next run). */
  const most = { rows: Infinity };
  const streams: FakeStreamingInvocation<unknown>[] = [];
  const calls: unknown[][] = [];
  runtime.associate("GRID", async (rows: number, columns: number) => {
    calls.push([rows, columns]);
    return Array.from({ length: Math.min(rows, most.rows) }, (_, r) =>
      Array.from({ length: columns }, (_, c) => (r === 0 ? `h${c}` : r * 10 + c)),
    );
  });
  runtime.associate("FAIL", async () => {
    throw new CustomFunctionsError(ErrorCode.notAvailable, "nothing here");
  });
  runtime.associate("TICKS", (label: string, invocation: FakeStreamingInvocation<unknown>) => {
    streams.push(invocation);
    invocation.setResult([[label], ["started"]]);
  });
  const cells = new FunctionCells({ runtime, catalog: new FunctionCatalog(metadata, "SERVICE") });
  const wb = createWorkbook({
    sheets: ["Sheet1", "Data"],
    evaluateFormula: cells.hook,
    isExternalFunction: (name) => name.toUpperCase().startsWith("SERVICE."),
    externalFunctionNames: () => cells.registeredNames(),
    document,
    spills: () => cells.spills(),
    onFullCalculation: () => cells.fullCalculation(),
  });
  cells.attach(wb);
  const write = (address: string, value: string, sheet = "Sheet1") =>
    wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).values = [[value]];
      await ctx.sync();
    });
  const calculate = async () => {
    await wb.run(async (ctx) => {
      ctx.workbook.application.calculate("Full");
      await ctx.sync();
    });
    await flush();
    await flush();
  };
  return { runtime, cells, wb, write, calculate, streams, calls, most };
}

describe("SERVICE.* cells in the playground workbook", () => {
  test("a matrix result spills from the formula cell; the spilled cells are values, the anchor keeps its formula", async () => {
    const { wb, write } = setup();
    await write("B2", "=SERVICE.GRID(3,2)");
    await flush();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual([
      ["h0", "h1"],
      [10, 11],
      [20, 21],
    ]);
    expect(wb.inspect.formulas("Sheet1", "B2:C2")).toEqual([["=SERVICE.GRID(3,2)", "h1"]]);
  });

  test("#SPILL! while the area has content, and it spills again once that is cleared", async () => {
    const { wb, write, cells } = setup();
    await write("C3", "in the way");
    await write("B2", "=SERVICE.GRID(3,2)");
    await flush();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual([
      ["#SPILL!", ""],
      ["", "in the way"],
      ["", ""],
    ]);
    expect(cells.ownerOf("Sheet1", 1, 1)?.message).toBe("Spill range isn't blank");
    await write("C3", "");
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual([
      ["h0", "h1"],
      [10, 11],
      [20, 21],
    ]);
  });

  test("a formula blocked by another's spill spills once that spill goes away", async () => {
    const { wb, write } = setup();
    await write("B1", "=SERVICE.GRID(3,1)");
    await flush();
    await write("A2", "=SERVICE.GRID(1,3)");
    await flush();
    expect(wb.inspect.values("Sheet1", "A2:C2")).toEqual([["#SPILL!", 10, ""]]);
    await write("B1", "");
    await flush();
    await flush();
    expect(wb.inspect.values("Sheet1", "A1:C3")).toEqual([
      ["", "", ""],
      ["h0", "h1", "h2"],
      ["", "", ""],
    ]);
  });

  test("typing into a spilled cell makes the anchor #SPILL!; the typed value stays", async () => {
    const { wb, write } = setup();
    await write("A1", "=SERVICE.GRID(2,2)");
    await flush();
    await write("B2", "mine");
    expect(wb.inspect.values("Sheet1", "A1:B2")).toEqual([
      ["#SPILL!", ""],
      ["", "mine"],
    ]);
  });

  test("clearing the formula removes its spill and cancels a streaming invocation", async () => {
    const { wb, write, streams } = setup();
    await write("A1", '=SERVICE.TICKS("x")');
    await flush();
    expect(wb.inspect.values("Sheet1", "A1:A2")).toEqual([["x"], ["started"]]);
    await write("A1", "");
    await flush();
    expect(streams[0].canceled).toBe(true);
    expect(wb.inspect.values("Sheet1", "A1:A2")).toEqual([[""], [""]]);
  });

  test("each setResult re-spills; new arguments cancel the old invocation and start another", async () => {
    const { wb, write, streams } = setup();
    await write("B1", "one");
    await write("A1", "=SERVICE.TICKS(B1)");
    await flush();
    streams[0].setResult([["one"], ["done"], ["more"]]);
    await flush(); // results set in one turn of the page arrive together at its end
    expect(wb.inspect.values("Sheet1", "A1:A3")).toEqual([["one"], ["done"], ["more"]]);
    await write("B1", "two");
    await flush();
    expect(streams[0].canceled).toBe(true);
    expect(streams).toHaveLength(2);
    expect(wb.inspect.values("Sheet1", "A1:A3")).toEqual([["two"], ["started"], [""]]);
  });

  test("#BUSY! until the function answers", async () => {
    const { wb, write, runtime } = setup();
    let answer: (v: unknown) => void = () => undefined;
    runtime.associate("GRID", () => new Promise((resolve) => (answer = resolve)));
    await write("A1", "=SERVICE.GRID(1,1)");
    await flush();
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([["#BUSY!"]]);
    answer(42);
    await flush();
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([[42]]);
  });

  test("recalculation with the same arguments does not call the function again", async () => {
    const { write, calls } = setup();
    await write("A1", "=SERVICE.GRID(2,2)");
    await flush();
    await write("D9", "unrelated");
    await flush();
    expect(calls).toHaveLength(1);
  });

  test("a thrown CustomFunctions.Error shows its code with the message on hover; unknown names are #NAME?", async () => {
    const { wb, write, cells } = setup();
    await write("A1", "=SERVICE.FAIL()");
    await write("A2", "=SERVICE.NOPE()");
    await flush();
    expect(wb.inspect.values("Sheet1", "A1:A2")).toEqual([["#N/A"], ["#NAME?"]]);
    expect(cells.ownerOf("Sheet1", 0, 0)?.message).toBe("nothing here");
  });

  test("a misspelt function of the add-in says which functions there are, as a formula or inside one", async () => {
    const { wb, write, cells } = setup();
    await write("A1", "=SERVICE.GRD(2,2)");
    await write("A2", "=ROWS(SERVICE.GRD(2,2))");
    await flush();
    expect(wb.inspect.values("Sheet1", "A1:A2")).toEqual([["#NAME?"], ["#NAME?"]]);
    // The names come from functions.json, for the functions the bundle registered.
    const known = "its functions are SERVICE.FAIL, SERVICE.GRID, SERVICE.TICKS.";
    expect(cells.ownerOf("Sheet1", 0, 0)?.message).toBe(
      `SERVICE.GRD is not a function of the add-in (did you mean SERVICE.GRID?); ${known}`,
    );
    expect(wb.inspect.message("Sheet1", "A2")).toBe(
      `SERVICE.GRD is not a function of the add-in (did you mean SERVICE.GRID?); ${known}`,
    );
  });

  test("spilled strings are data: a spilled '=1+1' is text, never a formula", async () => {
    const { wb, write, runtime } = setup();
    runtime.associate("GRID", async () => [["=1+1"], ["'quoted"]]);
    await write("A1", "=SERVICE.GRID(2,1)");
    await flush();
    expect(wb.inspect.cell("Sheet1", "A2")).toMatchObject({ kind: "text", value: "'quoted", formula: null });
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([["=1+1"]]);
  });
});

describe("a reopened workbook's spills belong to their formulas", () => {
  /** A workbook with GRID(3,2) spilled at B2, saved and reopened (through JSON, as stored). */
  async function reopened() {
    const first = setup();
    await first.write("B2", "=SERVICE.GRID(3,2)");
    await flush();
    const doc = JSON.parse(JSON.stringify(first.wb.saveDocument())) as WorkbookDocument;
    expect(doc.spills).toEqual([{ sheet: "Sheet1", row: 1, column: 1, rowCount: 3, columnCount: 2 }]);
    return setup(doc);
  }
  const SPILLED = [
    ["h0", "h1"],
    [10, 11],
    [20, 21],
  ];

  test("the first calculation replaces the formula's own spill instead of showing #SPILL!", async () => {
    const { wb, calculate, cells } = await reopened();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual(SPILLED); // as saved, before any calculation
    await calculate();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual(SPILLED);
    expect(cells.ownerOf("Sheet1", 3, 2)?.formula).toBe("=SERVICE.GRID(3,2)");
    // Saved again, the spill is still known (reopened twice works too).
    expect(wb.saveDocument().spills).toHaveLength(1);
  });

  test("a smaller result empties the cells of the old spill it no longer covers", async () => {
    const { wb, calculate, most } = await reopened();
    most.rows = 2;
    await calculate();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual([...SPILLED.slice(0, 2), ["", ""]]);
  });

  test("a spilled cell typed over before the calculation blocks the spill, and keeps what was typed", async () => {
    const { wb, write, calculate, cells } = await reopened();
    await write("C4", "mine");
    await calculate();
    expect(wb.inspect.values("Sheet1", "B2")).toEqual([["#SPILL!"]]);
    expect(cells.ownerOf("Sheet1", 1, 1)?.message).toMatch(/isn't blank/);
    expect(wb.inspect.values("Sheet1", "C4")).toEqual([["mine"]]);
  });

  test("clearing the formula before any calculation removes its spill with it", async () => {
    const { wb, write } = await reopened();
    await write("B2", "");
    await flush();
    expect(wb.inspect.values("Sheet1", "B2:C4")).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
    expect(wb.saveDocument().spills).toEqual([]);
  });

  test("a file saved before spills were kept reopens with plain values, which block as typed values do", async () => {
    const first = setup();
    await first.write("B2", "=SERVICE.GRID(3,2)");
    await flush();
    const { spills: _kept, ...older } = first.wb.saveDocument();
    const { wb, calculate } = setup(older);
    await calculate();
    expect(wb.inspect.values("Sheet1", "B2")).toEqual([["#SPILL!"]]);
  });
});

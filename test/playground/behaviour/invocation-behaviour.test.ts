import { BehaviourSettings, type ExcelBehaviour } from "../../../src/playground/behaviour/excel-behaviour";
import {
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
} from "../../../src/playground/custom-functions";
import { FunctionCatalog } from "../../../src/playground/function-cells/function-catalog";
import { FunctionCells } from "../../../src/playground/function-cells/function-cells";
import { createWorkbook, type WorkbookDocument } from "../../../src/playground/workbook";

const metadata: FunctionsMetadata = {
  functions: [
    { id: "TICKS", name: "TICKS", parameters: [{ name: "label" }], result: {}, options: { stream: true } },
    {
      id: "WHERE",
      name: "WHERE",
      parameters: [{ name: "label" }],
      result: {},
      options: { stream: true, requiresStreamAddress: true },
    },
    { id: "GRID", name: "GRID", parameters: [{ name: "rows" }], result: { dimensionality: "matrix" } },
    {
      id: "ROWS",
      name: "ROWS",
      parameters: [{ name: "label" }],
      result: { dimensionality: "matrix" },
      options: { stream: true, requiresStreamAddress: true },
    },
  ],
};

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A workbook with the runtime's functions, Excel behaving as `behaviour` says; `events` logs calls and cancels. */
function setup(behaviour: Partial<ExcelBehaviour> = {}, document?: WorkbookDocument) {
  const settings = new BehaviourSettings(behaviour);
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const events: string[] = [];
  const streams: FakeStreamingInvocation<unknown>[] = [];
  const held = { rows: 2, later: [] as (() => void)[] };
  const stream = (label: string, invocation: FakeStreamingInvocation<unknown>) => {
    events.push(`call ${label}`);
    streams.push(invocation);
    invocation.onCanceled = () => events.push(`cancel ${label}`);
    invocation.setResult(`${label}!`);
  };
  runtime.associate("TICKS", stream);
  runtime.associate("ROWS", (label: string, invocation: FakeStreamingInvocation<unknown>) => {
    events.push(`rows ${label}`);
    invocation.setResult([
      ["name", "value"],
      [label, 1],
      [label, 2],
    ]);
  });
  runtime.associate("WHERE", stream);
  runtime.associate("GRID", async (rows: number) => {
    events.push(`grid ${rows}`);
    return Array.from({ length: rows }, (_, r) => [`row ${r}`, "x".repeat(100)]);
  });
  const cells = new FunctionCells({
    runtime,
    catalog: new FunctionCatalog(metadata, "SERVICE"),
    behaviour: () => settings.current,
    later: (task) => held.later.push(task),
  });
  const wb = createWorkbook({
    sheets: ["Sheet1"],
    evaluateFormula: cells.hook,
    document,
    spills: () => cells.spills(),
    onFullCalculation: () => cells.fullCalculation(),
    // As the page's host answers Range.getSpillingToRangeOrNullObject for the add-in's spills (install-host.ts).
    isExternalFunction: (name) => name.toUpperCase().startsWith("SERVICE."),
    externalSpill: (sheet, row, column) => cells.ownerOf(sheet, row, column)?.spilled?.block,
  });
  cells.attach(wb);
  const write = async (address: string, value: string) => {
    await wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange(address).values = [[value]];
      await ctx.sync();
    });
    await flush();
  };
  const calculate = async (type: "Recalculate" | "Full" | "FullRebuild") => {
    await wb.run(async (ctx) => {
      ctx.workbook.application.calculate(type);
      await ctx.sync();
    });
    await flush();
  };
  const value = (address: string) => wb.inspect.values("Sheet1", address)[0][0];
  const cellAt = (row: number, column: number) => cells.ownerOf("Sheet1", row, column);
  return { settings, runtime, events, streams, held, cells, wb, write, calculate, value, cellAt };
}

/** A saved workbook of `n` streaming cells (A1:A<n>, each with its own label), as the file keeps it. */
async function savedWorkbook(n: number): Promise<WorkbookDocument> {
  const first = setup();
  for (let i = 1; i <= n; i++) await first.write(`A${i}`, `=SERVICE.TICKS("s${i}")`);
  await first.write("B1", "=SERVICE.GRID(2)");
  return JSON.parse(JSON.stringify(first.wb.saveDocument())) as WorkbookDocument;
}

describe("when a workbook opens", () => {
  test("re-invocation on (the default): every streaming cell runs again; a non-streaming one keeps its value", async () => {
    const doc = await savedWorkbook(5);
    const { runtime, wb, value, events, cellAt } = setup({}, doc);
    expect(value("A3")).toBe("s3!"); // as saved
    wb.calculate("Recalculate"); // the opening's calculation
    await flush();
    expect(runtime.invocations).toHaveLength(5);
    expect(events).toEqual(["call s1", "call s2", "call s3", "call s4", "call s5"]);
    expect(value("B1")).toBe("row 0");
    expect(cellAt(0, 1)?.dormant).toBe(true);
  });

  test("re-invocation off: nothing runs, the saved values stay, and a full calculation runs them all", async () => {
    const doc = await savedWorkbook(5);
    const { events, wb, value, calculate } = setup({ reinvokeOnOpen: false }, doc);
    wb.calculate("Recalculate");
    await flush();
    expect(events).toEqual([]);
    expect([value("A1"), value("A5"), value("B1")]).toEqual(["s1!", "s5!", "row 0"]);
    await calculate("Full");
    expect([...events].sort()).toEqual(["call s1", "call s2", "call s3", "call s4", "call s5", "grid 2"]);
  });

  test("a cell saved as an error or #BUSY! runs on open whatever the setting (office-js#2012)", async () => {
    const doc = await savedWorkbook(2);
    doc.sheets[0].values = doc.sheets[0].values.map((c) =>
      c[0] === 1 && c[1] === 0 ? [1, 0, { error: "#BUSY!" }] : c,
    );
    const { events, wb } = setup({ reinvokeOnOpen: false }, doc);
    wb.calculate("Recalculate");
    await flush();
    expect(events).toEqual(["call s2"]);
  });

  test.each([
    ["value" as const, "s1!", true],
    ["busy" as const, "#BUSY!", false],
  ])("before its first result a re-invoked cell shows (%s)", async (pendingDisplay, shown, loading) => {
    const doc = await savedWorkbook(1);
    const { runtime, wb, value, cellAt, write } = setup({ pendingDisplay }, doc);
    runtime.associate("TICKS", () => undefined); // a stream that has not answered yet
    wb.calculate("Recalculate");
    await flush();
    expect(value("A1")).toBe(shown);
    expect(cellAt(0, 0)?.loading).toBe(loading);
    // A new formula shows #BUSY! in both cases (office-js#4152).
    await write("C1", '=SERVICE.TICKS("new")');
    expect(value("C1")).toBe("#BUSY!");
  });

  test.each([
    [
      "value" as const,
      [
        ["name", "value"],
        ["a", 1],
        ["a", 2],
      ],
      ["String", "String"],
    ],
    ["busy" as const, [["#BUSY!"]], ["Error"]],
  ])(
    "what the Excel API reads at a re-invoked spill before its first result (%s): the saved values, or #BUSY!",
    async (pendingDisplay, values, firstRowTypes) => {
      const first = setup();
      await first.write("B2", '=SERVICE.ROWS("a")');
      const doc = JSON.parse(JSON.stringify(first.wb.saveDocument())) as WorkbookDocument;
      const { runtime, wb, value } = setup({ pendingDisplay }, doc);
      const addresses: (string | undefined)[] = [];
      runtime.associate("ROWS", (_label: string, invocation: FakeStreamingInvocation<unknown>) => {
        addresses.push(invocation.address); // a stream that has not answered yet
      });
      wb.calculate("Recalculate");
      await flush();
      expect(addresses).toEqual(["Sheet1!B2"]);
      // As the add-in reads its own cell (src/functions/file-values.ts): the anchor, and its spill if any.
      const read = await wb.run(async (context) => {
        const cell = context.workbook.worksheets.getItem("Sheet1").getCell(1, 1);
        const spill = cell.getSpillingToRangeOrNullObject();
        cell.load("values, valueTypes");
        spill.load("values, valueTypes");
        await context.sync();
        const range = spill.isNullObject ? cell : spill;
        return { values: range.values, types: range.valueTypes };
      });
      expect(read.values).toEqual(values);
      expect(read.types[0]).toEqual(firstRowTypes);
      // A formula reading the spill sees the saved rows (current builds) or the anchor's #BUSY! (older ones).
      expect(value("B2")).toBe(values[0]![0]);
    },
  );
});

describe("Calculate Now and Calculate Full", () => {
  test("Calculate Now (Recalculate) runs no custom function; Full and FullRebuild run each again, old cancelled", async () => {
    const { write, calculate, events, value } = setup();
    await write("A1", '=SERVICE.TICKS("a")');
    await write("A2", "=SERVICE.GRID(1)");
    events.length = 0;
    await calculate("Recalculate");
    expect(events).toEqual([]);
    await calculate("Full");
    expect(events).toEqual(["cancel a", "call a", "grid 1"]);
    events.length = 0;
    await calculate("FullRebuild");
    expect(events).toEqual(["cancel a", "call a", "grid 1"]);
    expect(value("A1")).toBe("a!");
  });

  test("the playground's own controls: calculate('Recalculate') keeps streams, calculate('Full') restarts them", async () => {
    const { write, wb, events } = setup();
    await write("A1", '=SERVICE.TICKS("a")');
    events.length = 0;
    wb.calculate("Recalculate");
    await flush();
    expect(events).toEqual([]);
    wb.calculate("Full");
    await flush();
    expect(events).toEqual(["cancel a", "call a"]);
  });
});

describe("identical formulas share one stream", () => {
  test("shared (the default): one invocation serves every cell; it is cancelled when the last cell goes", async () => {
    const { write, events, value, cells, cellAt, streams } = setup();
    for (const a of ["A1", "A2", "A3"]) await write(a, '=SERVICE.TICKS("same")');
    expect(events).toEqual(["call same"]);
    expect(cells.sharing(cellAt(0, 0)!)).toBe(3);
    streams[0].setResult("update");
    await flush();
    expect([value("A1"), value("A2"), value("A3")]).toEqual(["update", "update", "update"]);
    await write("A1", "");
    await write("A2", "");
    expect(events).toEqual(["call same"]);
    await write("A3", "");
    expect(events).toEqual(["call same", "cancel same"]);
  });

  test("separate: each cell its own invocation", async () => {
    const { write, events } = setup({ sharedStreams: false });
    for (const a of ["A1", "A2", "A3"]) await write(a, '=SERVICE.TICKS("same")');
    expect(events).toEqual(["call same", "call same", "call same"]);
  });

  test.each(["before" as const, "after" as const])(
    "cancel order %s, shared: the new stream starts with the first cell, the old one is cancelled when its last cell moved",
    async (cancelOrder) => {
      const { write, events, value } = setup({ cancelOrder });
      await write("B1", "one");
      await write("A1", "=SERVICE.TICKS(B1)");
      await write("A2", "=SERVICE.TICKS(B1)");
      events.length = 0;
      await write("B1", "two");
      expect(events).toEqual(["call two", "cancel one"]);
      expect([value("A1"), value("A2")]).toEqual(["two!", "two!"]);
    },
  );

  test.each([
    ["before" as const, ["cancel one", "call two"]],
    ["after" as const, ["call two", "cancel one"]],
  ])("cancel order %s, one cell: the order of onCanceled and the new call", async (cancelOrder, order) => {
    const { write, events } = setup({ cancelOrder });
    await write("B1", "one");
    await write("A1", "=SERVICE.TICKS(B1)");
    events.length = 0;
    await write("B1", "two");
    expect(events).toEqual(order);
  });

  test("cancel order concurrent: the new call runs while the old one is still live; onCanceled comes a task later", async () => {
    const { write, events, held, streams } = setup({ cancelOrder: "concurrent" });
    await write("B1", "one");
    await write("A1", "=SERVICE.TICKS(B1)");
    events.length = 0;
    await write("B1", "two");
    expect(events).toEqual(["call two"]);
    expect(streams[0].canceled).toBe(false);
    for (const task of held.later.splice(0)) task();
    expect(events).toEqual(["call two", "cancel one"]);
  });
});

describe("invocation.address of streaming functions", () => {
  test.each([
    [true, "Sheet1!C3"],
    [false, undefined],
  ])("streamAddress %s", async (streamAddress, address) => {
    const { write, streams } = setup({ streamAddress });
    await write("C3", '=SERVICE.WHERE("x")');
    await write("C4", '=SERVICE.TICKS("y")'); // asks for none: never given
    expect(streams.map((s) => s.address)).toEqual([address, undefined]);
    expect(streams.map((s) => s.isInValuePreview)).toEqual([false, false]);
  });

  test('previewFlag "string": an ordinary calculation says "false"', async () => {
    const { write, streams } = setup({ previewFlag: "string" });
    await write("C3", '=SERVICE.WHERE("x")');
    expect(streams[0].isInValuePreview).toBe("false");
  });
});

describe("the payload cap of Excel on the web", () => {
  test("a result over the cap stays #BUSY!; without a cap it spills", async () => {
    const capped = setup({ payloadCapBytes: 2_000 });
    await capped.write("A1", "=SERVICE.GRID(30)"); // 30 rows of ~110 bytes
    expect(capped.value("A1")).toBe("#BUSY!");
    expect(capped.cellAt(0, 0)?.stuck).toBe("payload");
    await capped.write("A1", "=SERVICE.GRID(3)");
    expect(capped.value("A1")).toBe("row 0");
    const free = setup({ payloadCapBytes: null });
    await free.write("A1", "=SERVICE.GRID(30)");
    expect(free.wb.inspect.values("Sheet1", "A30")).toEqual([["row 29"]]);
  });

  test("cells refreshed together share the cap: each fits alone, together they stay #BUSY!", async () => {
    const { write, wb, value, calculate, settings } = setup({ payloadCapBytes: 3_000 });
    await write("A1", "=SERVICE.GRID(15)"); // ~1.7 kB: fits alone
    await write("D1", "=SERVICE.GRID(15)");
    expect([value("A1"), value("D1")]).toEqual(["row 0", "row 0"]);
    await calculate("Full"); // both answer in the same turn: one response of ~3.4 kB
    expect([value("A1"), value("D1")]).toEqual(["#BUSY!", "#BUSY!"]);
    expect(wb.inspect.values("Sheet1", "A2")).toEqual([[""]]);
    settings.update({ payloadCapBytes: null });
    await calculate("Full");
    expect([value("A1"), value("D1")]).toEqual(["row 0", "row 0"]);
  });
});

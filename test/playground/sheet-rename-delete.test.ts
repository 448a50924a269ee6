import {
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
} from "../../src/playground/custom-functions";
import { FunctionCatalog } from "../../src/playground/function-cells/function-catalog";
import { FunctionCells } from "../../src/playground/function-cells/function-cells";
import { createWorkbook } from "../../src/playground/workbook";

const metadata: FunctionsMetadata = {
  functions: [{ id: "TICKS", name: "TICKS", parameters: [{ name: "label" }], result: {}, options: { stream: true } }],
};
const flush = () => new Promise((r) => setTimeout(r, 0));

/** Sheets renamed and deleted through Office.js, as the sheet tabs do it, with a streaming SERVICE cell on one. */
async function setup() {
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const events: string[] = [];
  runtime.associate("TICKS", (label: string, inv: FakeStreamingInvocation<unknown>) => {
    events.push(`call ${label}`);
    inv.onCanceled = () => events.push(`cancel ${label}`);
    inv.setResult([[label], ["spilled"]]);
  });
  const cells = new FunctionCells({ runtime, catalog: new FunctionCatalog(metadata, "SERVICE") });
  const wb = createWorkbook({
    sheets: ["Sheet1", "Other"],
    evaluateFormula: cells.hook,
    spills: () => cells.spills(),
    onFullCalculation: () => cells.fullCalculation(),
  });
  cells.attach(wb);
  const run = async (batch: (ctx: Excel.RequestContext) => void) => {
    await wb.run(async (ctx) => {
      batch(ctx);
      await ctx.sync();
    });
    await flush();
  };
  await run((ctx) => (ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [['=SERVICE.TICKS("a")']]));
  await run((ctx) => (ctx.workbook.worksheets.getItem("Other").getRange("A1").values = [["=Sheet1!A2"]]));
  return { wb, events, run, cells };
}

test("renaming a sheet keeps its SERVICE cells running and their spills (nothing is invoked again)", async () => {
  const { wb, events, run, cells } = await setup();
  await run((ctx) => (ctx.workbook.worksheets.getItem("Sheet1").name = "Prices"));
  expect(events).toEqual(["call a"]);
  expect(wb.inspect.sheetNames()).toEqual(["Prices", "Other"]);
  expect(wb.inspect.values("Prices", "A1:A2")).toEqual([["a"], ["spilled"]]);
  expect(cells.ownerOf("Prices", 1, 0)?.formula).toBe('=SERVICE.TICKS("a")');
});

test("deleting a sheet cancels its SERVICE cells; the last sheet cannot be deleted", async () => {
  const { wb, events, run } = await setup();
  const told: string[] = [];
  wb.onChange((e) => told.push(`${e.kind} ${e.sheet}`));
  await run((ctx) => ctx.workbook.worksheets.getItem("Sheet1").delete());
  expect(told).toContain("structure Other"); // the file learns of it (AutoSave)
  expect(events).toEqual(["call a", "cancel a"]);
  expect(wb.inspect.sheetNames()).toEqual(["Other"]);
  await expect(run((ctx) => ctx.workbook.worksheets.getItem("Other").delete())).rejects.toThrow(
    /at least one visible worksheet/,
  );
});

test.each([["Bad/name"], ["Other"], [""], ["x".repeat(32)]])(
  "the name %j is refused as Excel refuses it",
  async (name) => {
    const { wb, run } = await setup();
    await expect(run((ctx) => (ctx.workbook.worksheets.getItem("Sheet1").name = name))).rejects.toThrow(
      /not a valid worksheet name|already exists/,
    );
    expect(wb.inspect.sheetNames()).toEqual(["Sheet1", "Other"]);
  },
);

import { createWorkbook, type PlaygroundWorkbook } from "../../../src/playground/workbook";
import { CellEdits } from "../../../src/playground/ui/editing/cell-edits";
import { GridClipboard, type ClipboardText } from "../../../src/playground/ui/editing/clipboard";
import { UndoHistory } from "../../../src/playground/ui/editing/undo-history";
import { SheetWriter } from "../../../src/playground/ui/sheet-writer";
import { parseAddress, type CellBlock } from "../../../src/sheet";

/** A DataTransfer as the copy and paste events carry it. */
function transfer(text = ""): ClipboardText {
  const data = new Map<string, string>([["text/plain", text]]);
  return {
    getData: (t: string) => data.get(t) ?? "",
    setData: (t: string, v: string) => void data.set(t, v),
  };
}

function setup() {
  const wb = createWorkbook({ sheets: ["Sheet1", "Sheet2"] });
  const said: string[] = [];
  const say = (text: string) => said.push(text);
  let target = { sheet: "Sheet1", block: parseAddress("A1") as CellBlock };
  const revealed: string[] = [];
  const edits = new CellEdits({
    workbook: wb,
    say,
    reveal: (sheet, b) => revealed.push(`${sheet}!${b.row},${b.column}`),
  });
  const writer = new SheetWriter(wb.userRun, say);
  const clipboard = new GridClipboard({
    workbook: wb,
    edits,
    writeText: (sheet, block, rows) => writer.writeRows(sheet, `${addr(block)}`, rows),
    say,
    target: () => target,
    reveal: () => undefined,
    marquee: () => undefined,
  });
  const type = (address: string, text: string, sheet = "Sheet1") =>
    edits.change("Typing", [{ sheet, block: parseAddress(address) }], () => writer.write(sheet, address, text));
  const select = (address: string, sheet = "Sheet1") => {
    const { row, column, rowCount, columnCount } = parseAddress(address);
    target = { sheet, block: { row, column, rowCount, columnCount } };
  };
  const v = (address: string, sheet = "Sheet1") => wb.inspect.values(sheet, address);
  return { wb, edits, writer, clipboard, type, select, v, said, revealed };
}

function addr(b: CellBlock): string {
  const col = (c: number) => String.fromCharCode(65 + c);
  return `${col(b.column)}${b.row + 1}:${col(b.column + b.columnCount - 1)}${b.row + b.rowCount}`;
}

async function addinWrite(wb: PlaygroundWorkbook, address: string, values: unknown[][]) {
  await wb.run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Sheet1").getRange(address).values = values;
    await ctx.sync();
  });
}

describe("the undo stack", () => {
  test("undo takes back the latest step, redo brings it again; a new step empties the redo stack", () => {
    const h = new UndoHistory(3);
    const step = (label: string) => ({ label, patches: [], sheet: "Sheet1", address: "A1" });
    ["a", "b", "c", "d"].forEach((l) => h.record(step(l)));
    expect(h.labels().undo).toEqual(["d", "c", "b"]); // Excel keeps a fixed number of steps
    expect(h.undo()?.label).toBe("d");
    expect(h.undo()?.label).toBe("c");
    expect(h.redo()?.label).toBe("c");
    expect(h.labels()).toEqual({ undo: ["c", "b"], redo: ["d"] });
    h.record(step("e"));
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeUndefined();
  });
});

describe("undo and redo of cell edits", () => {
  test("typed entries come back as they were: values, formulas and the format a typed date gave", async () => {
    const { edits, type, v, wb } = setup();
    await type("A1", "5");
    await type("A2", "=A1*2");
    await type("A1", "1/2/2026");
    expect(wb.inspect.cell("Sheet1", "A1").numberFormat).toBe("m/d/yyyy");
    edits.undo();
    expect(v("A1:A2")).toEqual([[5], [10]]);
    expect(wb.inspect.cell("Sheet1", "A1").numberFormat).toBe("General");
    edits.undo();
    expect(v("A1:A2")).toEqual([[5], [""]]);
    edits.redo();
    expect(wb.inspect.cell("Sheet1", "A2").formula).toBe("=A1*2");
    expect(v("A2")).toEqual([[10]]);
    edits.undo();
    edits.undo();
    expect(v("A1:A2")).toEqual([[""], [""]]);
    edits.undo();
    expect(v("A1")).toEqual([[""]]);
  });

  test("a clear of a block is one step; undo puts every cell back", async () => {
    const { edits, type, writer, v } = setup();
    await type("A1", "1");
    await type("B1", "'00123");
    await edits.change("Clear", [{ sheet: "Sheet1", block: parseAddress("A1:B1") }], () =>
      writer.clear("Sheet1", "A1:B1"),
    );
    expect(v("A1:B1")).toEqual([["", ""]]);
    edits.undo();
    expect(v("A1:B1")).toEqual([[1, "00123"]]);
    expect(edits.history.labels().undo).toEqual(["Typing", "Typing"]);
  });

  test("a formula's spill goes with the undone formula and comes back with it", async () => {
    const { edits, type, v } = setup();
    await type("C1", "=SEQUENCE(3)");
    expect(v("C1:C3")).toEqual([[1], [2], [3]]);
    edits.undo();
    expect(v("C1:C3")).toEqual([[""], [""], [""]]);
    edits.redo();
    expect(v("C1:C3")).toEqual([[1], [2], [3]]);
    // Typing into the spill blocks it; undoing that lets it spill again.
    await type("C2", "x");
    expect(v("C1:C2")).toEqual([["#SPILL!"], ["x"]]);
    edits.undo();
    expect(v("C1:C3")).toEqual([[1], [2], [3]]);
  });

  test("an add-in's write clears the history (undo would put old cells over its data)", async () => {
    const { edits, type, v, said, wb } = setup();
    await type("A1", "1");
    await addinWrite(wb, "A1:A2", [["from"], ["the add-in"]]);
    edits.undo();
    expect(v("A1:A2")).toEqual([["from"], ["the add-in"]]);
    expect(said.at(-1)).toBe("Can't undo: the add-in changed the workbook since your last edit.");
    await type("B1", "2");
    edits.undo();
    expect(v("B1")).toEqual([[""]]);
  });
});

test("an action over more cells than undo keeps is done, not kept, and the history before it is gone", async () => {
  const wb = createWorkbook();
  const said: string[] = [];
  const edits = new CellEdits({ workbook: wb, say: (t) => said.push(t), reveal: () => undefined, cellLimit: 3 });
  const writer = new SheetWriter(wb.userRun, () => undefined);
  const block = parseAddress("A1:A5");
  await edits.change("Typing", [{ sheet: "Sheet1", block: parseAddress("B1") }], () =>
    writer.write("Sheet1", "B1", "1"),
  );
  await writer.writeRows("Sheet1", "A1:A5", [["1"], ["2"], ["3"], ["4"], ["5"]]);
  await edits.change("Clear", [{ sheet: "Sheet1", block }], () => writer.clear("Sheet1", "A1:A5"));
  expect(wb.inspect.values("Sheet1", "A1:A5")).toEqual([[""], [""], [""], [""], [""]]);
  expect(said.at(-1)).toBe("Clear: too large to undo (5 cells); earlier steps are gone too.");
  expect(edits.history.canUndo).toBe(false);
});

describe("copy and paste of cells", () => {
  test("a pasted formula's relative references move by the paste offset; its value is calculated", async () => {
    const { clipboard, select, type, v, wb, edits } = setup();
    await type("A1", "10");
    await type("A2", "20");
    await type("B1", "=A1*2+$A$1");
    select("B1");
    const data = transfer();
    clipboard.copy(data, false);
    expect(data.getData("text/plain")).toBe("30\r\n");
    select("B2");
    await clipboard.paste(data);
    expect(wb.inspect.cell("Sheet1", "B2").formula).toBe("=A2*2+$A$1");
    expect(v("B2")).toEqual([[50]]);
    edits.undo();
    expect(v("B2")).toEqual([[""]]);
  });

  test("a block pasted over a selection that is a multiple of it fills it; a reference moved off the sheet is #REF!", async () => {
    const { clipboard, select, type, v, wb } = setup();
    await type("B2", "=A1+1");
    select("B2");
    const data = transfer();
    clipboard.copy(data, false);
    select("C2:D3");
    await clipboard.paste(data);
    expect(wb.inspect.formulas("Sheet1", "C2:D3")).toEqual([
      ["=B1+1", "=C1+1"],
      ["=B2+1", "=C2+1"],
    ]);
    select("A1");
    await clipboard.paste(data);
    expect(wb.inspect.cell("Sheet1", "A1").formula).toBe("=#REF!+1");
    expect(v("A1")).toEqual([["#REF!"]]);
  });

  test("cut and paste moves cells: their formulas keep pointing where they did, references to them follow", async () => {
    const { clipboard, select, type, v, wb, edits } = setup();
    await type("A1", "3");
    await type("A2", "=A1*2");
    await type("D1", "=SUM(A1:A2)");
    await type("A1", "=Sheet1!A2", "Sheet2");
    select("A1:A2");
    const data = transfer();
    clipboard.copy(data, true);
    select("B5");
    await clipboard.paste(data);
    expect(wb.inspect.formulas("Sheet1", "A1:B6")).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
      ["", ""],
      ["", 3],
      ["", "=B5*2"],
    ]);
    expect(wb.inspect.cell("Sheet1", "D1").formula).toBe("=SUM(B5:B6)");
    expect(wb.inspect.cell("Sheet2", "A1").formula).toBe("=Sheet1!B6");
    expect(v("D1")).toEqual([[9]]);
    edits.undo(); // one step
    expect(wb.inspect.formulas("Sheet1", "A1:A2")).toEqual([[3], ["=A1*2"]]);
    expect(wb.inspect.cell("Sheet1", "D1").formula).toBe("=SUM(A1:A2)");
    expect(wb.inspect.cell("Sheet2", "A1").formula).toBe("=Sheet1!A2");
    expect(v("B5:B6")).toEqual([[""], [""]]);
  });

  test("text from another program is entered as if typed (entry rules: formulas, dates)", async () => {
    const { clipboard, select, v, wb } = setup();
    select("A1");
    await clipboard.paste(transfer("1\tx\r\n=A1+1\t2026-01-31\r\n"));
    expect(v("A1:B2")).toEqual([
      [1, "x"],
      [2, 46053],
    ]);
    expect(wb.inspect.cell("Sheet1", "A2").formula).toBe("=A1+1");
  });
});

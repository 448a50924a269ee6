import { MemoryWorkbook } from "./memory-workbook";

describe("recalculation follows dependencies", () => {
  test("a changed input recalculates its dependents only, in dependency order", () => {
    const wb = new MemoryWorkbook()
      .set("A1", [[1], [2], [3]])
      .set("B1", [["=A1*10"], ["=B1+1"], ["=SUM(A1:A3)"]])
      .set("D1", "=B2*2")
      .set("E1", "=A3+100")
      .calc();
    expect(wb.range("B1:B3")).toEqual([[10], [11], [6]]);
    expect(wb.get("D1")).toBe(22);
    wb.set("A1", 5).calc();
    expect(wb.evaluated.sort()).toEqual(["B1", "B2", "B3", "D1"]); // not E1
    expect([wb.get("B1"), wb.get("B2"), wb.get("B3"), wb.get("D1"), wb.get("E1")]).toEqual([50, 51, 10, 102, 103]);
  });

  test("what a change reaches: the formulas reading the cells, through other formulas, never a volatile bystander", () => {
    const wb = new MemoryWorkbook()
      .set("A1", 1)
      .set("B1", "=A1*2")
      .set("C1", "=B1+RAND()")
      .set("D1", "=RAND()")
      .set("E1", "=NOW()")
      .calc();
    const reached = wb.engine.dependentsOf([
      { sheet: "Sheet1", block: { row: 0, column: 0, rowCount: 1, columnCount: 1 } },
    ]);
    expect(reached.map((f) => `${f.row},${f.column}`).sort()).toEqual(["0,1", "0,2"]);
  });

  test("a formula that reads a formula typed later is right whatever the order they were entered", () => {
    const wb = new MemoryWorkbook().set("A1", "=B1+1").set("B1", "=C1*2").set("C1", 4).calc();
    expect(wb.get("A1")).toBe(9);
    wb.set("C1", 1).calc();
    expect(wb.evaluated).toEqual(["B1", "A1"]);
    expect(wb.get("A1")).toBe(3);
  });

  test("nothing changed, nothing recalculates; volatile formulas recalculate on every calculation", () => {
    const wb = new MemoryWorkbook().set("A1", "=1+1").set("B1", "=TODAY()").set("C1", "=B1+1").calc();
    wb.calc();
    expect(wb.evaluated).toEqual(["B1"]); // the same day: C1's input did not change
    wb.clock.advance(24 * 3_600_000);
    wb.calc();
    expect(wb.evaluated).toEqual(["B1", "C1"]);
  });

  test("clearing a formula's input and deleting a formula recalculate what read them", () => {
    const wb = new MemoryWorkbook().set("A1", 4).set("B1", "=A1*2").set("C1", "=B1+1").calc();
    wb.set("A1", null).calc();
    expect(wb.get("C1")).toBe(1);
    wb.set("B1", null).calc();
    expect(wb.get("C1")).toBe(1);
    expect(wb.evaluated).toEqual(["C1"]);
  });

  test("cross-sheet references", () => {
    const wb = new MemoryWorkbook(["Sheet1", "My data"]).set("A1", 7, "My data").set("A1", "='My data'!A1*2").calc();
    expect(wb.get("A1")).toBe(14);
    wb.set("A1", 8, "My data").calc();
    expect(wb.get("A1")).toBe(16);
    expect(new MemoryWorkbook().set("A1", "=Nope!A1").calc().error("A1")?.message).toMatch(/no sheet named "Nope"/);
  });
});

describe("spills", () => {
  test("an array result spills, =SUM(A1#) follows it as it grows and shrinks", () => {
    const wb = new MemoryWorkbook()
      .set("D1", 3)
      .set("A1", "=SEQUENCE(D1)")
      .set("B1", "=SUM(A1#)")
      .set("C1", "=ROWS(A1#)")
      .calc();
    expect(wb.range("A1:A4")).toEqual([[1], [2], [3], [null]]);
    expect([wb.get("B1"), wb.get("C1")]).toEqual([6, 3]);
    wb.set("D1", 5).calc();
    expect(wb.range("A1:A5")).toEqual([[1], [2], [3], [4], [5]]);
    expect([wb.get("B1"), wb.get("C1")]).toEqual([15, 5]);
    wb.set("D1", 2).calc();
    expect(wb.range("A1:A5")).toEqual([[1], [2], [null], [null], [null]]);
    expect([wb.get("B1"), wb.get("C1")]).toEqual([3, 2]);
  });

  test("a reference into a spilled cell follows the spill", () => {
    const wb = new MemoryWorkbook().set("D1", 2).set("A1", "=SEQUENCE(3,1,D1)").set("B1", "=A3*10").calc();
    expect(wb.get("B1")).toBe(40);
    wb.set("D1", 10).calc();
    expect(wb.get("B1")).toBe(120);
  });

  test("blocked by content: #SPILL! with Excel's message, spills again once it is cleared", () => {
    const wb = new MemoryWorkbook().set("A3", "x").set("A1", "=SEQUENCE(3)").set("B1", "=SUM(A1#)").calc();
    expect(wb.get("A1")).toBe("#SPILL!");
    expect(wb.error("A1")?.message).toBe("Spill range isn't blank");
    expect(wb.error("B1")?.message).toMatch(/cannot spill/);
    wb.set("A3", null).calc();
    expect(wb.range("A1:A3")).toEqual([[1], [2], [3]]);
    expect(wb.get("B1")).toBe(6);
  });

  test("typing into a spilled cell blocks the spill; its formula keeps what was typed", () => {
    const wb = new MemoryWorkbook().set("A1", "=SEQUENCE(3)").calc();
    wb.set("A2", "typed").calc();
    expect(wb.get("A1")).toBe("#SPILL!");
    expect(wb.get("A2")).toBe("typed");
    expect(wb.get("A3")).toBeNull();
    wb.set("A1", null).calc();
    expect(wb.range("A1:A3")).toEqual([[null], ["typed"], [null]]);
  });

  test("an external function's spill, arriving later, recalculates =SUM(A1#) and =ROWS(A1#)", () => {
    const wb = new MemoryWorkbook().set("A1", '=EXT.DATA("x")').set("C1", "=SUM(A1#)").set("D1", "=ROWS(A1#)").calc();
    expect(wb.get("A1")).toBe("#BUSY!");
    expect(wb.get("C1")).toBe("#BUSY!");
    wb.deliver("A1", [["n"], [1], [2]]);
    expect([wb.get("C1"), wb.get("D1")]).toEqual([3, 3]);
    wb.deliver("A1", [["n"], [1], [2], [3], [4]]);
    expect([wb.get("C1"), wb.get("D1")]).toEqual([10, 5]);
  });

  test("an external function is called again only when its arguments change", () => {
    const wb = new MemoryWorkbook().set("B1", "x").set("A1", "=EXT.DATA(B1)").set("C1", 1).calc();
    expect(wb.externalCalls).toEqual(["Sheet1!A1"]);
    wb.set("C1", 2).calc();
    expect(wb.externalCalls).toEqual(["Sheet1!A1"]);
    wb.set("B1", "y").calc();
    expect(wb.externalCalls).toEqual(["Sheet1!A1", "Sheet1!A1"]);
  });

  test("an external call inside an expression says how to use it instead", () => {
    const wb = new MemoryWorkbook().set("A1", '=ROWS(EXT.DATA("x"))').calc();
    expect(wb.get("A1")).toBe("#VALUE!");
    expect(wb.error("A1")?.message).toMatch(/formula of its own .* A1#/);
  });
});

describe("circular references", () => {
  test("a formula reading itself shows 0 with a note, as Excel does; fixing it recalculates", () => {
    const wb = new MemoryWorkbook().set("A1", "=A1+1").calc();
    expect(wb.get("A1")).toBe(0);
    expect(wb.engine.noteAt("Sheet1", 0, 0)).toMatch(/Circular reference: A1 → A1/);
    wb.set("A1", "=2").calc();
    expect(wb.get("A1")).toBe(2);
    expect(wb.engine.circularReferences()).toEqual([]);
  });

  test("a circle through several formulas ends, each showing 0", () => {
    const wb = new MemoryWorkbook().set("A1", "=B1+1").set("B1", "=C1+1").calc();
    expect(wb.get("A1")).toBe(2);
    wb.set("C1", "=A1+1").calc();
    expect([wb.get("A1"), wb.get("B1"), wb.get("C1")]).toEqual([0, 0, 0]);
    expect(wb.engine.circularReferences().sort()).toEqual(["Sheet1!A1", "Sheet1!B1", "Sheet1!C1"]);
    wb.set("C1", 5).calc();
    expect([wb.get("A1"), wb.get("B1")]).toEqual([7, 6]);
  });
});

describe("long chains", () => {
  test("a chain deeper than the call stack allows calculates (each formula reads the one below it)", () => {
    const n = 3000;
    const rows: (string | number)[][] = [];
    for (let i = 1; i < n; i++) rows.push([`=A${i + 1}+1`]);
    rows.push([1]);
    const wb = new MemoryWorkbook().set("A1", rows).calc();
    expect(wb.get("A1")).toBe(n);
    wb.set(`A${n}`, 10).calc();
    expect(wb.get("A1")).toBe(n + 9);
  });

  test("a circle longer than that is found too: every formula in it shows 0", () => {
    const n = 500;
    const rows = Array.from({ length: n }, (_, i) => [`=A${((i + 1) % n) + 1}+1`]);
    const wb = new MemoryWorkbook().set("A1", rows).calc();
    expect(
      wb
        .range(`A1:A${n}`)
        .flat()
        .every((v) => v === 0),
    ).toBe(true);
    expect(wb.engine.circularReferences()).toHaveLength(n);
  });
});

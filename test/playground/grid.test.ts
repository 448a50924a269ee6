import { GridGeometry, ROW_HEIGHT, gridExtent } from "../../src/playground/ui/grid-geometry";
import { handleGridKey } from "../../src/playground/ui/keyboard";
import { Selection } from "../../src/playground/ui/selection";
import { MAX_ROWS } from "../../src/sheet";

describe("GridGeometry", () => {
  const g = new GridGeometry(100, 5, (c) => (c === 1 ? 150 : undefined)); // 150 pt = 200 px
  test("column positions honour widths set in points", () => {
    expect([0, 1, 2, 3].map((c) => g.columnLeft(c))).toEqual([0, 80, 280, 360]);
    expect(g.columnAt(79)).toBe(0);
    expect(g.columnAt(80)).toBe(1);
    expect(g.columnAt(10_000)).toBe(4);
  });
  test("rows are one height", () => {
    expect(g.rowAt(ROW_HEIGHT * 3 + 1)).toBe(3);
    expect(g.height).toBe(100 * ROW_HEIGHT);
  });
  test("the scroll area covers what is used plus a margin, and never more than the sheet", () => {
    expect(gridExtent({ rows: 5001, columns: 12 }, { row: 0, column: 0 })).toEqual({ rows: 5061, columns: 26 });
    expect(gridExtent({ rows: MAX_ROWS, columns: 1 }, { row: 0, column: 0 }).rows).toBe(MAX_ROWS);
  });
});

describe("keys on the grid", () => {
  function press(key: string, sel: Selection, shiftKey = false) {
    let selected = sel;
    const calls: string[] = [];
    const handled = handleGridKey({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false } as KeyboardEvent, {
      selection: () => sel,
      select: (s) => (selected = s),
      edit: (initial) => calls.push(`edit:${initial ?? ""}`),
      clear: () => calls.push("clear"),
    });
    return { handled, selected, calls };
  }
  test("arrows, Enter and Tab move; Shift+arrow extends; never above row 1", () => {
    expect(press("ArrowDown", Selection.at(0, 0)).selected.address).toBe("A2");
    expect(press("Tab", Selection.at(0, 0)).selected.address).toBe("B1");
    expect(press("ArrowUp", Selection.at(0, 0)).selected.address).toBe("A1");
    expect(press("ArrowRight", Selection.at(1, 1), true).selected.address).toBe("B2:C2");
  });
  test("typing starts an entry with that character, F2 edits, Delete clears", () => {
    expect(press("=", Selection.at(0, 0)).calls).toEqual(["edit:="]);
    expect(press("F2", Selection.at(0, 0)).calls).toEqual(["edit:"]);
    expect(press("Delete", Selection.at(0, 0)).calls).toEqual(["clear"]);
    expect(press("Shift", Selection.at(0, 0)).handled).toBe(false);
  });
});

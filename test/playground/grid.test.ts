import { GridGeometry, ROW_HEIGHT, gridExtent } from "../../src/playground/ui/grid-geometry";
import { handleGridKey } from "../../src/playground/ui/keyboard";
import { Selection } from "../../src/playground/ui/selection";
import { MAX_COLUMNS, MAX_ROWS } from "../../src/sheet";

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
  // B2:B4 and D2 hold data; the last used cell is D4.
  const filled = new Set(["1,1", "2,1", "3,1", "1,3"]);
  function press(key: string, sel: Selection, mods: Partial<KeyboardEvent> = {}) {
    let selected = sel;
    const calls: string[] = [];
    const event = { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods } as KeyboardEvent;
    const handled = handleGridKey(event, {
      selection: () => sel,
      select: (s) => (selected = s),
      edit: (initial) => calls.push(`edit:${initial ?? ""}`),
      clear: () => calls.push("clear"),
      hasContent: (row, column) => filled.has(`${row},${column}`),
      lastCell: () => ({ row: 3, column: 3 }),
      page: () => ({ rows: 20, columns: 8 }),
      selectPage: (s, rows, columns) => {
        selected = s;
        calls.push(`scroll:${rows},${columns}`);
      },
      undo: () => calls.push("undo"),
      redo: () => calls.push("redo"),
      cancel: () => calls.push("cancel"),
    });
    return { handled, selected, calls };
  }
  test("arrows, Enter and Tab move; Shift+arrow extends; never above row 1", () => {
    expect(press("ArrowDown", Selection.at(0, 0)).selected.address).toBe("A2");
    expect(press("Tab", Selection.at(0, 0)).selected.address).toBe("B1");
    expect(press("Tab", Selection.at(0, 2), { shiftKey: true }).selected.address).toBe("B1");
    expect(press("Enter", Selection.at(2, 0), { shiftKey: true }).selected.address).toBe("A2");
    expect(press("ArrowUp", Selection.at(0, 0)).selected.address).toBe("A1");
    expect(press("ArrowRight", Selection.at(1, 1), { shiftKey: true }).selected.address).toBe("B2:C2");
  });
  test("Tab leaves the grid only at the sheet's edge: Shift+Tab at column A, Tab at column XFD", () => {
    expect(press("Tab", Selection.at(0, 0), { shiftKey: true }).handled).toBe(false);
    expect(press("Tab", Selection.at(0, MAX_COLUMNS - 1)).handled).toBe(false);
    expect(press("Tab", Selection.at(0, MAX_COLUMNS - 2)).handled).toBe(true);
  });
  test("Ctrl+arrows go to the edge of the data; Ctrl+Shift+arrows extend there", () => {
    expect(press("ArrowDown", Selection.at(1, 1), { ctrlKey: true }).selected.address).toBe("B4");
    expect(press("ArrowDown", Selection.at(0, 1), { ctrlKey: true }).selected.address).toBe("B2");
    expect(press("ArrowRight", Selection.at(1, 1), { ctrlKey: true }).selected.address).toBe("D2");
    expect(press("ArrowDown", Selection.at(1, 1), { ctrlKey: true, shiftKey: true }).selected.address).toBe("B2:B4");
  });
  test("Ctrl+Home goes to A1, Ctrl+End to the last used cell, Home to column A", () => {
    expect(press("Home", Selection.at(5, 5), { ctrlKey: true }).selected.address).toBe("A1");
    expect(press("End", Selection.at(0, 0), { ctrlKey: true }).selected.address).toBe("D4");
    expect(press("Home", Selection.at(5, 5)).selected.address).toBe("A6");
    expect(press("End", Selection.at(0, 0)).handled).toBe(false);
  });
  test("PageDown and PageUp move the selection by a screen and scroll with it; Alt moves sideways", () => {
    const down = press("PageDown", Selection.at(2, 1));
    expect(down.selected.address).toBe("B23");
    expect(down.calls).toEqual(["scroll:20,0"]);
    expect(press("PageUp", Selection.at(5, 1)).selected.address).toBe("B1");
    expect(press("PageUp", Selection.at(5, 1)).calls).toEqual(["scroll:-5,0"]);
    expect(press("PageDown", Selection.at(0, 0), { altKey: true }).selected.address).toBe("I1");
    expect(press("PageDown", Selection.at(0, 0), { shiftKey: true }).selected.address).toBe("A1:A21");
  });
  test("Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo; Ctrl+C is left to the clipboard events", () => {
    expect(press("z", Selection.at(0, 0), { ctrlKey: true }).calls).toEqual(["undo"]);
    expect(press("y", Selection.at(0, 0), { ctrlKey: true }).calls).toEqual(["redo"]);
    expect(press("Z", Selection.at(0, 0), { ctrlKey: true, shiftKey: true }).calls).toEqual(["redo"]);
    expect(press("c", Selection.at(0, 0), { ctrlKey: true }).handled).toBe(false);
  });
  test("typing starts an entry with that character, F2 edits, Delete clears, Escape ends the marquee", () => {
    expect(press("=", Selection.at(0, 0)).calls).toEqual(["edit:="]);
    expect(press("F2", Selection.at(0, 0)).calls).toEqual(["edit:"]);
    expect(press("Delete", Selection.at(0, 0)).calls).toEqual(["clear"]);
    expect(press("Escape", Selection.at(0, 0)).calls).toEqual(["cancel"]);
    expect(press("Shift", Selection.at(0, 0)).handled).toBe(false);
  });
});

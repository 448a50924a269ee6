import { FormulaError } from "../../src/formulas";
import { CellGrid } from "../../src/refresh/cell-grid";

describe("the refresh host's grid of values", () => {
  test("holds values by row and column, an empty cell reading as null", () => {
    const grid = new CellGrid();
    grid.set(0, 0, "a");
    grid.set(0, 3, 0);
    grid.set(5, 1, false);
    grid.set(2, 16383, new FormulaError("#N/A"));
    expect(grid.get(0, 0)).toBe("a");
    expect(grid.get(0, 3)).toBe(0);
    expect(grid.get(5, 1)).toBe(false);
    expect(grid.get(2, 16383)).toEqual(new FormulaError("#N/A"));
    for (const [r, c] of [
      [0, 1],
      [0, 4],
      [1, 0],
      [5, 0],
    ])
      expect([grid.get(r!, c!), grid.has(r!, c!)]).toEqual([null, false]);
    expect(grid.has(0, 3)).toBe(true);
    expect(grid.extent()).toEqual({ rows: 6, columns: 16384 });
  });

  test("setting null empties a cell, and the extent shrinks to what still holds a value", () => {
    const grid = new CellGrid();
    grid.set(3, 2, 1);
    grid.set(1, 0, "x");
    grid.set(3, 2, null);
    grid.set(9, 9, null);
    expect(grid.has(3, 2)).toBe(false);
    expect(grid.get(3, 2)).toBeNull();
    expect(grid.extent()).toEqual({ rows: 2, columns: 1 });
    grid.set(1, 0, null);
    expect(grid.extent()).toEqual({ rows: 0, columns: 0 });
  });
});

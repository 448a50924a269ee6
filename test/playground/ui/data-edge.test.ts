import { currentRegion, dataEdge } from "../../../src/playground/ui/data-edge";
import { MAX_COLUMNS, MAX_ROWS } from "../../../src/sheet";

// Column A holds rows 1-3 and 6-7 (0-based 0..2 and 5..6); row 1 holds A1:C1 and F1.
const filled = new Set(["0,0", "1,0", "2,0", "5,0", "6,0", "0,1", "0,2", "0,5"]);
const has = (row: number, column: number) => filled.has(`${row},${column}`);

describe("Ctrl+arrow goes to the edge of the data, as Excel does", () => {
  const rows: [string, [number, number], [number, number], [number, number]][] = [
    ["down inside a run: its last cell", [0, 0], [1, 0], [2, 0]],
    ["down from a run's last cell: the next filled cell", [2, 0], [1, 0], [5, 0]],
    ["down from an empty cell: the next filled cell", [3, 0], [1, 0], [5, 0]],
    ["down past the last data: the sheet's last row", [6, 0], [1, 0], [MAX_ROWS - 1, 0]],
    ["down in an empty column: the sheet's last row", [0, 3], [1, 0], [MAX_ROWS - 1, 3]],
    ["up inside a run: its first cell", [6, 0], [-1, 0], [5, 0]],
    ["up from a run's first cell: the previous filled cell", [5, 0], [-1, 0], [2, 0]],
    ["up from the top: stays", [0, 0], [-1, 0], [0, 0]],
    ["up from an empty cell with nothing above: row 1", [4, 3], [-1, 0], [0, 3]],
    ["right inside a run: its last cell", [0, 0], [0, 1], [0, 2]],
    ["right across a gap: the next filled cell", [0, 2], [0, 1], [0, 5]],
    ["right past the data: the last column", [0, 5], [0, 1], [0, MAX_COLUMNS - 1]],
    ["left from an empty cell: the first filled cell that way", [0, 4], [0, -1], [0, 2]],
    ["left from column A: stays", [3, 0], [0, -1], [3, 0]],
  ];
  test.each(rows)("%s", (_, [row, column], [dr, dc], expected) => {
    expect(dataEdge({ row, column }, dr, dc, has)).toEqual({ row: expected[0], column: expected[1] });
  });
});

describe("the current region Insert → Table takes from one cell", () => {
  // A table at B2:D4 with a gap column E, and a lone value at G2.
  const cells = new Set(["1,1", "1,2", "1,3", "2,1", "2,2", "3,1", "3,3", "1,6"]);
  const inTable = (row: number, column: number) => cells.has(`${row},${column}`);
  test.each([
    [[2, 2], { row: 1, column: 1, rowCount: 3, columnCount: 3 }],
    [[3, 2], { row: 1, column: 1, rowCount: 3, columnCount: 3 }], // an empty cell inside the block
    [[1, 6], { row: 1, column: 6, rowCount: 1, columnCount: 1 }],
    [[9, 9], { row: 9, column: 9, rowCount: 1, columnCount: 1 }],
  ])("from %j", ([row, column], expected) => {
    expect(currentRegion({ row, column }, inTable)).toEqual(expected);
  });
});

import { blockUnion, type CellBlock } from "../../src/sheet";

const block = (row: number, column: number, rowCount: number, columnCount: number): CellBlock => ({
  row,
  column,
  rowCount,
  columnCount,
});

describe("blockUnion", () => {
  it.each<[string, CellBlock, CellBlock, CellBlock]>([
    ["the same block", block(2, 3, 4, 5), block(2, 3, 4, 5), block(2, 3, 4, 5)],
    ["a block inside another", block(0, 0, 10, 10), block(2, 2, 1, 1), block(0, 0, 10, 10)],
    ["a spill that shrank", block(5, 1, 20, 3), block(5, 1, 4, 2), block(5, 1, 20, 3)],
    ["a spill that grew to the right and down", block(5, 1, 4, 2), block(5, 1, 20, 3), block(5, 1, 20, 3)],
    ["blocks apart (the cells between them too)", block(0, 0, 1, 1), block(9, 4, 2, 2), block(0, 0, 11, 6)],
    ["a table moved up and left", block(10, 10, 3, 3), block(1, 2, 2, 2), block(1, 2, 12, 11)],
  ])("covers %s", (_name, a, b, expected) => {
    expect(blockUnion(a, b)).toEqual(expected);
    expect(blockUnion(b, a)).toEqual(expected);
  });
});

import { planSpill, SPILL_BEYOND_EDGE, SPILL_NOT_BLANK } from "../../src/formulas";
import { shapeResult } from "../../src/playground/function-cells/result-shape";
import { CustomFunctionsError, ErrorCode } from "../../src/playground/custom-functions";
import { CellError } from "../../src/playground/workbook";
import { MAX_ROWS } from "../../src/sheet";

describe("planSpill", () => {
  test("fits when every cell but the anchor is free", () => {
    expect(planSpill({ row: 1, column: 1 }, 3, 2, (r, c) => r === 1 && c === 1)).toEqual({
      kind: "fits",
      block: { row: 1, column: 1, rowCount: 3, columnCount: 2 },
    });
  });
  test("blocked by any occupied cell in the area", () => {
    const plan = planSpill({ row: 0, column: 0 }, 3, 3, (r, c) => r === 2 && c === 1);
    expect(plan).toMatchObject({ kind: "blocked", message: SPILL_NOT_BLANK });
  });
  test("blocked beyond the sheet's last row, without looking at cells", () => {
    const occupied = jest.fn(() => false);
    expect(planSpill({ row: MAX_ROWS - 2, column: 0 }, 3, 1, occupied)).toEqual({
      kind: "blocked",
      block: null,
      message: SPILL_BEYOND_EDGE,
    });
    expect(occupied).not.toHaveBeenCalled();
  });
});

describe("shapeResult", () => {
  test("a matrix keeps its values; null shows as 0 as in Excel", () => {
    expect(
      shapeResult([
        ["a", 1],
        [true, null],
      ]).values,
    ).toEqual([
      ["a", 1],
      [true, 0],
    ]);
  });
  test("a CustomFunctions.Error keeps its message only for #VALUE! and #N/A", () => {
    const na = shapeResult(new CustomFunctionsError(ErrorCode.notAvailable, "no rows"));
    expect(na.values).toEqual([[new CellError("#N/A")]]);
    expect(na.messages.get("0,0")).toBe("no rows");
    const num = shapeResult(new CustomFunctionsError(ErrorCode.invalidNumber, "ignored"));
    expect(num.messages.size).toBe(0);
  });
  test("errors inside a matrix stay per cell", () => {
    const shaped = shapeResult([["h"], [new CustomFunctionsError(ErrorCode.invalidValue, "bad")]]);
    expect(shaped.values[1][0]).toEqual(new CellError("#VALUE!"));
    expect(shaped.messages.get("1,0")).toBe("bad");
  });
  test.each([[[]], [[[]]], [[[1, 2], [3]]], [[1, 2]]])("malformed arrays are #VALUE! with a message: %j", (raw) => {
    const shaped = shapeResult(raw);
    expect(shaped.values).toEqual([[new CellError("#VALUE!")]]);
    expect(shaped.messages.get("0,0")).toBeTruthy();
  });
});

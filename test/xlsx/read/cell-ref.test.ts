import fc from "fast-check";
import { cellAddress, MAX_COLUMNS, MAX_ROWS, parseA1 } from "../../../src/sheet";
import { parseCellRef } from "../../../src/xlsx/read/cell-ref";

describe("the fast cell-address reader agrees with the sheet module", () => {
  test("on every address of the grid it is given", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_ROWS - 1 }),
        fc.integer({ min: 0, max: MAX_COLUMNS - 1 }),
        (row, column) => {
          const ref = cellAddress(row, column);
          expect(parseCellRef(ref)).toEqual(parseA1(ref));
        },
      ),
    );
  });

  test.each(["", "A", "1", "A0", "A01", "a1", "$A$1", "XFE1", "A1048577", "AAAA1", "A1:B2", "A 1"])(
    "%s is left to the general reader",
    (ref) => {
      expect(parseCellRef(ref)).toBeNull();
    },
  );
});

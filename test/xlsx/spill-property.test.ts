import fc from "fast-check";
import { cellAddress } from "../../src/sheet";
import { isXlsxError, openWorkbook, WorkbookEdit, type XlsxValue } from "../../src/xlsx";
import { buildWorkbook, row } from "./support/build-workbook";

/** A sheet with a spilled formula in B2 (its cached result `rows`×`cols`) and one other value at `other`. */
function sheetWith(rows: number, cols: number, other: [number, number]): Uint8Array {
  const cells = new Map<number, string[]>();
  const put = (r: number, c: number, xml: string) => cells.set(r, [...(cells.get(r) ?? []), xml]);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ref = cellAddress(1 + r, 1 + c);
      if (r === 0 && c === 0)
        put(
          1,
          1,
          `<c r="${ref}" cm="1"><f t="array" ref="B2:${cellAddress(rows, cols)}">_xldudf_SERVICE_RESULTS(1)</f><v>0</v></c>`,
        );
      else put(1 + r, 1 + c, `<c r="${ref}"><v>${r * 10 + c}</v></c>`);
    }
  }
  const [orow, ocol] = other;
  const inside = orow >= 1 && orow <= rows && ocol >= 1 && ocol <= cols;
  if (!inside) put(orow, ocol, `<c r="${cellAddress(orow, ocol)}" t="inlineStr"><is><t>keep</t></is></c>`);
  const xml = [...cells]
    .sort((a, b) => a[0] - b[0])
    .map(([r, list]) => row(r + 1, list.sort((x, y) => col(x) - col(y)).join("")))
    .join("");
  return buildWorkbook({ dynamicArrays: true, sheets: [{ name: "S", rows: xml }] });
}

function col(xml: string): number {
  const letters = /r="([A-Z]+)/.exec(xml)![1];
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

describe("spill writes, for any old and new size", () => {
  test("either the spill is refused because the other value is in its way, or exactly its cells hold the result", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 6 })),
        (oldRows, oldCols, newRows, newCols, other) => {
          const bytes = sheetWith(oldRows, oldCols, other);
          const edit = new WorkbookEdit(openWorkbook(bytes));
          const values: XlsxValue[][] = Array.from({ length: newRows }, (_r, r) =>
            Array.from({ length: newCols }, (_c, c) => `v${r}.${c}`),
          );
          const inOld = (r: number, c: number) => r >= 1 && r <= oldRows && c >= 1 && c <= oldCols;
          const inNew = (r: number, c: number) => r >= 1 && r <= newRows && c >= 1 && c <= newCols;
          const otherKept = !inOld(...other);
          let refused = false;
          try {
            edit.writeSpill("S", "B2", values);
          } catch (e) {
            if (!isXlsxError(e) || e.kind !== "blocked") throw e;
            refused = true;
          }
          expect(refused).toBe(otherKept && inNew(...other));
          if (refused) return;
          const cells = openWorkbook(edit.toBytes().bytes).worksheet("S").cells;
          for (let r = 0; r < 9; r++) {
            for (let c = 0; c < 8; c++) {
              const got = cells.get(cellAddress(r, c))?.value ?? null;
              if (inNew(r, c)) expect(got).toBe(`v${r - 1}.${c - 1}`);
              else if (otherKept && r === other[0] && c === other[1]) expect(got).toBe("keep");
              else expect(got).toBeNull();
            }
          }
          expect(cells.get("B2")?.formula?.ref).toBe(
            `B2${newRows * newCols > 1 ? `:${cellAddress(newRows, newCols)}` : ""}`,
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

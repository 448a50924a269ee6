import { FormulaError } from "../../src/formulas";
import { evaluateOverColumn, sequence } from "./column-context";
import { MemoryWorkbook } from "./memory-workbook";

// Excel's sheet has 1,048,576 rows. Aggregates once handed every value of a range to the function library as
// spread arguments, which overflowed the call stack between 125,000 and 130,000 values ("Maximum call stack size
// exceeded"); each function here reads a whole column's worth of a spill.
const N = 1_048_576;
const sum = (n: number) => (n * (n + 1)) / 2;
// The variance of 1..n: (n² − 1) / 12 for the population, scaled by n / (n − 1) for a sample.
const varP = (n: number) => (n * n - 1) / 12;

/** Each formula over a spill of 1..n, with Excel's answer. */
function cases(n: number): [string, number | string][] {
  return [
    ["=SUM(A1#)", sum(n)],
    ["=AVERAGE(A1#)", (n + 1) / 2],
    ["=COUNT(A1#)", n],
    ["=COUNTA(A1#)", n],
    ["=MIN(A1#)", 1],
    ["=MAX(A1#)", n],
    ["=MEDIAN(A1#)", (n + 1) / 2],
    ["=PRODUCT(A1#)", "#NUM!"], // n! is beyond the largest number, as in Excel
    ["=SUMPRODUCT(A1#,A1#)", (n * (n + 1) * (2 * n + 1)) / 6],
    ["=VAR.P(A1#)", varP(n)],
    ["=STDEV.S(A1#)", Math.sqrt((varP(n) * n) / (n - 1))],
    ["=LARGE(A1#,2)", n - 1],
    ["=SMALL(A1#,3)", 3],
    ['=SUMIFS(A1#,A1#,">0")', sum(n)],
    ['=MAXIFS(A1#,A1#,"<=100000")', 100_000],
    ['=MINIFS(A1#,A1#,">5")', 6],
    ['=COUNTIF(A1#,">1000")', n - 1000],
    // Longer than a cell's 32,767 characters, as in Excel.
    ["=CONCAT(A1#)", "#VALUE!"],
    ['=TEXTJOIN(",",TRUE,A1#)', "#VALUE!"],
  ];
}

const close = (want: number | string) =>
  typeof want === "number" ? expect.closeTo(want, -Math.log10(Math.abs(want) * 1e-9)) : want;
const shown = (v: unknown) => (v instanceof FormulaError ? v.code : v);

describe("aggregates over a spill of 1,048,576 values", () => {
  test("each gives its answer, not a stack overflow", () => {
    const column = sequence(N);
    const formulas = cases(N);
    const got = formulas.map(([f]) => [f, shown(evaluateOverColumn(f, column))]);
    expect(got).toEqual(formulas.map(([f, want]) => [f, close(want)]));
  });

  // The same through the engine and a workbook, at the size where the spread arguments used to overflow.
  test("through the engine, over 200,000 values", () => {
    const n = 200_000;
    const formulas = cases(n);
    const wb = new MemoryWorkbook().set("A1", `=SEQUENCE(${n})`);
    formulas.forEach(([f], i) => wb.set(`C${i + 1}`, f));
    wb.calc();
    const got = formulas.map(([f], i) => [f, wb.get(`C${i + 1}`)]);
    expect(got).toEqual(formulas.map(([f, want]) => [f, close(want)]));
  }, 120_000);
});

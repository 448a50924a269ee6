import { MemoryWorkbook } from "./memory-workbook";

// Excel's sheet has 1,048,576 rows. Aggregates once handed every value of a range to the function library as
// spread arguments, which overflowed the call stack between 125,000 and 130,000 values ("Maximum call stack size
// exceeded"); each function here reads a whole column's worth of a spill.
const N = 1_048_576;
const sum = (N * (N + 1)) / 2;
const mean = (N + 1) / 2;
// The variance of 1..N: (N² − 1) / 12 for the population, scaled by N / (N − 1) for a sample.
const varP = (N * N - 1) / 12;

describe("aggregates over a spill of 1,048,576 values", () => {
  test("each gives its answer, not a stack overflow", () => {
    const formulas: [string, number | string][] = [
      ["=SUM(A1#)", sum],
      ["=AVERAGE(A1#)", mean],
      ["=COUNT(A1#)", N],
      ["=COUNTA(A1#)", N],
      ["=MIN(A1#)", 1],
      ["=MAX(A1#)", N],
      ["=MEDIAN(A1#)", mean],
      ["=PRODUCT(A1#)", "#NUM!"], // 1,048,576! is beyond the largest number, as in Excel
      ["=SUMPRODUCT(A1#,A1#)", (N * (N + 1) * (2 * N + 1)) / 6],
      ["=VAR.P(A1#)", varP],
      ["=STDEV.S(A1#)", Math.sqrt((varP * N) / (N - 1))],
      ["=LARGE(A1#,2)", N - 1],
      ["=SMALL(A1#,3)", 3],
      ['=SUMIFS(A1#,A1#,">0")', sum],
      ['=MAXIFS(A1#,A1#,"<=1000000")', 1_000_000],
      ['=MINIFS(A1#,A1#,">5")', 6],
      ['=COUNTIF(A1#,">1000")', N - 1000],
      // Longer than a cell's 32,767 characters, as in Excel.
      ["=CONCAT(A1#)", "#VALUE!"],
      ['=TEXTJOIN(",",TRUE,A1#)', "#VALUE!"],
    ];
    const wb = new MemoryWorkbook().set("A1", "=SEQUENCE(1048576)");
    formulas.forEach(([f], i) => wb.set(`C${i + 1}`, f));
    wb.calc();
    const got = formulas.map(([f], i) => [f, wb.get(`C${i + 1}`)]);
    expect(got).toEqual(
      formulas.map(([f, want]) => [
        f,
        typeof want === "number" ? expect.closeTo(want, -Math.log10(Math.abs(want) * 1e-9)) : want,
      ]),
    );
  }, 600_000);
});

import { FormulaError } from "../../src/formulas";
import { evaluateOverColumn, sequence } from "./column-context";
import { MemoryWorkbook } from "./memory-workbook";

// Microsoft's documented examples for MATCH, VLOOKUP and HLOOKUP (support.microsoft.com, "MATCH function",
// "VLOOKUP function", "HLOOKUP function"), on the sheets the pages show, plus XLOOKUP's match modes.
const products: (string | number)[][] = [
  ["Product", "Count"],
  ["Bananas", 25],
  ["Oranges", 38],
  ["Apples", 40],
  ["Pears", 41],
];
// The VLOOKUP page's table: density (ascending), viscosity, temperature.
const densities: number[][] = [
  [0.457, 3.55, 500],
  [0.525, 3.25, 400],
  [0.606, 2.93, 300],
  [0.675, 2.75, 250],
  [0.746, 2.57, 200],
  [0.835, 2.38, 150],
  [0.946, 2.17, 100],
  [1.09, 1.95, 50],
  [1.29, 1.71, 0],
];
// The HLOOKUP page's table.
const parts: (string | number)[][] = [
  ["Axles", "Bearings", "Bolts"],
  [4, 4, 9],
  [5, 7, 10],
  [6, 8, 11],
];

function evaluate(formula: string): unknown {
  return new MemoryWorkbook()
    .set("A1", products)
    .set("D2", densities)
    .set("H1", parts)
    .set("Z1", formula)
    .calc()
    .get("Z1");
}

describe("lookups give the answers Microsoft documents", () => {
  test.each<[string, unknown]>([
    // MATCH
    ["=MATCH(39,B2:B5,1)", 2], // 38 is the largest count ≤ 39
    ["=MATCH(41,B2:B5,0)", 4],
    ["=MATCH(40,B2:B5,-1)", "#N/A"], // -1 needs a descending list
    ["=MATCH(40,B2:B5)", 3], // 1 by default
    ["=MATCH(25,{5,25,38},0)", 2],
    ['=MATCH("b",{"a","b","c"},0)', 2],
    ['=MATCH("APPLES",A2:A5,0)', 3], // text ignores case
    ['=MATCH("Or*",A2:A5,0)', 2], // wildcards in an exact match
    ['=MATCH("?ears",A2:A5,0)', 4],
    ["=MATCH(24,B2:B5,1)", "#N/A"], // nothing ≤ 24
    ["=MATCH(100,B2:B5)", 4], // the last one
    ["=MATCH(39,{41,40,38,25},-1)", 2], // 40 is the smallest ≥ 39 in a descending list
    ["=MATCH(1,A1:B5,0)", "#N/A"], // not one row or one column
    ['=MATCH("25",B2:B5,0)', "#N/A"], // text is not the number
    // VLOOKUP
    ["=VLOOKUP(1,D2:F10,2)", 2.17],
    ["=VLOOKUP(1,D2:F10,3,TRUE)", 100],
    ["=VLOOKUP(0.7,D2:F10,3,FALSE)", "#N/A"],
    ["=VLOOKUP(0.1,D2:F10,2,TRUE)", "#N/A"],
    ["=VLOOKUP(2,D2:F10,2,TRUE)", 1.71],
    ["=VLOOKUP(0.746,D2:F10,3,FALSE)", 200],
    ["=VLOOKUP(1,D2:F10,4)", "#REF!"],
    ["=VLOOKUP(1,D2:F10,0)", "#VALUE!"],
    ['=VLOOKUP("pe*",A2:B5,2,FALSE)', 41],
    // HLOOKUP
    ['=HLOOKUP("Axles",H1:J4,2,TRUE)', 4],
    ['=HLOOKUP("Bearings",H1:J4,3,FALSE)', 7],
    ['=HLOOKUP("B",H1:J4,3,TRUE)', 5], // Axles is the largest text ≤ "B"
    ['=HLOOKUP("Bolts",H1:J4,4)', 11],
    ['=HLOOKUP(3,{1,2,3;"a","b","c";"d","e","f"},2,TRUE)', "c"],
    ['=HLOOKUP("Bolts",H1:J4,5)', "#REF!"],
    // XLOOKUP
    ['=XLOOKUP("pears",A2:A5,B2:B5)', 41],
    ["=XLOOKUP(39,B2:B5,A2:A5,,-1)", "Oranges"], // exact or next smaller
    ["=XLOOKUP(39,B2:B5,A2:A5,,1)", "Apples"], // exact or next larger
    ["=XLOOKUP(39,B2:B5,A2:A5,,0)", "#N/A"],
    ['=XLOOKUP("*nges",A2:A5,B2:B5,,2)', 38], // wildcards only in mode 2
    ['=XLOOKUP("*nges",A2:A5,B2:B5,"none")', "none"],
    // INDEX with MATCH, as the pages pair them
    ['=INDEX(B2:B5,MATCH("Apples",A2:A5,0))', 40],
  ])("%s is %p", (formula, want) => {
    expect(evaluate(formula)).toEqual(want);
  });
});

describe("lookups over a column of 1,048,576 values", () => {
  // The library's lookups copied the list at every step and never finished over a whole column.
  const formulas: [string, number | string][] = [
    ["=MATCH(1048576,A1#,0)", 1_048_576],
    ["=MATCH(524288.5,A1#)", 524_288],
    ["=MATCH(0,A1#,0)", "#N/A"],
    ["=VLOOKUP(1048575,A1#,1,FALSE)", 1_048_575],
    ["=VLOOKUP(2000000,A1#,1)", 1_048_576],
    ["=HLOOKUP(1048576,TRANSPOSE(A1#),1,FALSE)", 1_048_576],
    ["=XLOOKUP(1048576,A1#,A1#)", 1_048_576],
    ["=XLOOKUP(999999.5,A1#,A1#,,1)", 1_000_000],
    ["=XLOOKUP(999999.5,A1#,A1#,,-1)", 999_999],
    ["=INDEX(A1#,1048576)", 1_048_576],
  ];

  test("finish, exact and approximate", () => {
    const column = sequence(1_048_576);
    const got = formulas.map(([f]) => [f, evaluateOverColumn(f, column)]);
    expect(got.map(([f, v]) => [f, v instanceof FormulaError ? v.code : v])).toEqual(formulas);
  });

  test("through the engine, over 200,000 values", () => {
    const wb = new MemoryWorkbook().set("A1", "=SEQUENCE(200000)");
    const small: [string, number | string][] = [
      ["=MATCH(200000,A1#,0)", 200_000],
      ["=VLOOKUP(150000.5,A1#,1)", 150_000],
      ["=XLOOKUP(199999,A1#,A1#)", 199_999],
    ];
    small.forEach(([f], i) => wb.set(`C${i + 1}`, f));
    wb.calc();
    expect(small.map(([f], i) => [f, wb.get(`C${i + 1}`)])).toEqual(small);
  });
});

import { parseCsvPage } from "../../src/client/csv/parse-csv";
import { typeField } from "../../src/client/csv/typing";
import { collectTable } from "../../src/client/paging/table";
import type { Page } from "../../src/client";

describe("CSV field typing: numbers only when exact", () => {
  it.each<[string, string | number]>([
    ["0", 0],
    ["42", 42],
    ["-7", -7],
    ["3.25", 3.25],
    ["0.1", 0.1],
    ["1.50", 1.5],
    ["1e3", 1000],
    ["-2.5E-3", -0.0025],
    ["123456789012345", 123456789012345], // 15 digits: Excel keeps them all
    ["1234567890123456", "1234567890123456"], // 16 digits would be rounded in a cell
    ["12345678901234567890", "12345678901234567890"],
    ["9007199254740993", "9007199254740993"],
    ["3.14159265358979323846", "3.14159265358979323846"],
    // A double's shortest round-trip text is that double, 16 or 17 digits included (Excel shows 15 of them).
    ["0.3333333333333333", 1 / 3],
    ["0.30000000000000004", 0.1 + 0.2],
    ["4.1022970815538215e+06", 4102297.0815538215],
    ["7.29145530962105e+09", 7291455309.62105],
    ["1e+06", 1e6],
    ["0.10000000000000001", "0.10000000000000001"], // more digits than its double (0.1) gives back
    ["0.333333333333333", 0.333333333333333],
    ["1000000000000000000", 1e18], // one significant digit: exact
    ["1e+21", 1e21],
    ["1e-07", 1e-7],
    ["3.0", 3],
    ["0.0", 0],
    ["-0", 0],
    ["12345678901234567890.5", "12345678901234567890.5"],
    ["0.000000000000000000001", 1e-21],
    ["1e999", "1e999"],
    ["1e-400", "1e-400"],
    ["0x00ab", "0x00ab"],
    ["0xFF", "0xFF"],
    ["00123", "00123"],
    ["0123", "0123"],
    ["00.5", "00.5"],
    ["+5", "+5"],
    [" 5", " 5"],
    ["5 ", "5 "],
    [".5", ".5"],
    ["5.", "5."],
    ["1,000", "1,000"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["+Inf", "+Inf"],
    ["TRUE", "TRUE"],
    ["2024-01-01", "2024-01-01"],
    ["", ""],
  ])("%j → %j", (text, expected) => expect(typeField(text)).toBe(expected));
});

describe("parseCsvPage", () => {
  it("keeps quotes, commas and newlines inside fields, empty stays empty", () => {
    const text = 'id,name,note,amount\n1,"a ""quoted"" word","x, y",1.5\n2,"line1\nline2",,\n3,0x00ab,00123,-2\n';
    const { header, rows, types } = parseCsvPage(text);
    expect(header).toEqual(["id", "name", "note", "amount"]);
    expect(rows).toEqual([
      [1, 'a "quoted" word', "x, y", 1.5],
      [2, "line1\nline2", "", ""],
      [3, "0x00ab", "00123", -2],
    ]);
    expect(types).toEqual(["bigint", "varchar", "varchar", "double"]);
  });

  it("a column is numbers only when every value is an exact number", () => {
    const text = "code,wide,amount\n007,12345678901234567890,1\n1e5,42,2.5\n=1+1,-1,\n";
    const { rows, types } = parseCsvPage(text);
    expect(rows).toEqual([
      ["007", "12345678901234567890", 1],
      ["1e5", "42", 2.5],
      ["=1+1", "-1", ""],
    ]);
    expect(types).toEqual(["varchar", "varchar", "double"]);
  });

  it("a double column as the service writes it is numbers; wide integers keep their digits as text", () => {
    // Doubles in their shortest round-trip text (exponent form from 1e+06), nulls as <nil>, an amount in wei.
    const text =
      "volume,price,amount_raw\n4.1022970815538215e+06,3588.0000155662356,1000000000000000001\n" +
      "7.29145530962105e+09,<nil>,25\n<nil>,NaN,<nil>\n1e+06,51.273970307133546,7\n";
    const { rows, types } = parseCsvPage(text);
    expect(rows).toEqual([
      [4102297.0815538215, 3588.0000155662356, "1000000000000000001"],
      [7291455309.62105, "", "25"],
      ["", "NaN", ""],
      [1e6, 51.273970307133546, "7"],
    ]);
    expect(types).toEqual(["double", "double", "varchar"]);
  });

  it("a one-column result keeps rows that are empty (nulls)", () => {
    expect(parseCsvPage("x\n1\n\n\n2\n").rows).toEqual([[1], [""], [""], [2]]);
  });

  it("accepts CRLF line ends", () => {
    expect(parseCsvPage("a,b\r\n1,x\r\n")).toEqual({
      header: ["a", "b"],
      rows: [[1, "x"]],
      types: ["bigint", "varchar"],
    });
  });

  it("arrays arrive as JSON text and stay text", () => {
    expect(parseCsvPage('tags\n"[""a"",""b""]"\n').rows).toEqual([['["a","b"]']]);
  });

  it("a header-only page has no rows; an empty body has nothing", () => {
    expect(parseCsvPage("a,b\n")).toEqual({ header: ["a", "b"], rows: [], types: ["unknown", "unknown"] });
    expect(parseCsvPage("")).toEqual({ header: [], rows: [], types: [] });
  });

  it("a table settles column types across pages", async () => {
    const page = (rows: unknown[][], types: string[], offset: number): Page => ({
      columns: ["a", "b", "c", "d"],
      types,
      typesInferred: true,
      rows,
      offset,
      partial: false,
      requests: 1,
    });
    async function* pages() {
      yield page([[1, 5, "", 1]], ["bigint", "bigint", "unknown", "bigint"], 0);
      yield page([["x", 2.5, "", 2]], ["varchar", "double", "unknown", "bigint"], 1);
    }
    const table = await collectTable(pages());
    expect(table.types).toEqual(["varchar", "double", "unknown", "bigint"]);
    expect(table.rows).toEqual([
      ["1", 5, "", 1],
      ["x", 2.5, "", 2],
    ]);
  });
});

import { useService } from "./harness";

/**
 * Query 1008 is the typing fixture: text that looks like numbers, dates, booleans and formulas, wide integers,
 * quotes, commas and newlines in fields, nulls. Through CSV a column is numbers only when every value is an
 * exact number; through JSON the server's types decide (wide integers arrive as strings).
 */
describe("CSV typing against the real service (query 1008)", () => {
  const env = useService();
  let executionId = "";
  beforeAll(async () => {
    executionId = (await env.client().run(1008)).executionId;
  }, 60_000);

  const columns = [
    "id",
    "hex_text",
    "code_text",
    "wide_int",
    "big_int",
    "small_double",
    "odd_double",
    "note",
    "flag",
    "tags",
  ];

  it("the latest result as CSV, typed", async () => {
    const table = await env.client().table({ queryId: 1008 });
    expect(table.columns).toEqual(columns);
    const byColumn = (name: string) => table.rows.map((row) => row[columns.indexOf(name)]);
    expect(byColumn("id")).toEqual([1, 2, 3, 4, 5]);
    // hex and leading-zero codes, "TRUE", a date, formulas: text, untouched
    expect(byColumn("hex_text")).toEqual(["0x00ab", "0xdeadbeef", "TRUE", "2018-12-31", ""]);
    expect(byColumn("code_text")).toEqual(["00123", "007", "1e5", "=1+1", "-1+1"]);
    // one value wider than 15 digits makes the whole column text, so 42 does not become a number beside it
    expect(byColumn("wide_int")).toEqual(["12345678901234567890", "42", "-1", "0", ""]);
    expect(byColumn("big_int")).toEqual(["9007199254740993", "42", "-9007199254740993", "0", ""]);
    // exact decimals are numbers; null stays empty
    expect(byColumn("small_double")).toEqual([1.5, -2.25, 3, "", 0]);
    expect(byColumn("odd_double")).toEqual([0.1, 1e21, 123456789.123, 1e-7, 100]);
    // quotes, commas and newlines inside fields survive
    expect(byColumn("note")).toEqual(["plain", 'with "quotes"', "comma, inside", "line\nbreak", ""]);
    expect(byColumn("flag")).toEqual(["true", "false", "", "true", "false"]);
    // arrays come as JSON text
    expect(byColumn("tags").map((t) => (t === "" ? null : JSON.parse(String(t))))).toEqual([
      ["a", "b"],
      [],
      null,
      ["x,y", 'z"w'],
      ["only"],
    ]);
    expect(table.types).toEqual([
      "bigint",
      "varchar",
      "varchar",
      "varchar",
      "varchar",
      "double",
      "double",
      "varchar",
      "varchar",
      "varchar",
    ]);
  });

  it("the same result as JSON keeps the server's types; wide integers stay strings", async () => {
    const table = await env.client().table({ executionId });
    const row = (id: number) => table.rows[id - 1]!;
    expect(table.types[columns.indexOf("big_int")]).toBe("bigint");
    expect(row(1)[columns.indexOf("wide_int")]).toBe("12345678901234567890");
    expect(row(1)[columns.indexOf("big_int")]).toBe("9007199254740993");
    expect(row(2)[columns.indexOf("big_int")]).toBe(42);
    expect(row(3)[columns.indexOf("flag")]).toBeNull();
    expect(row(1)[columns.indexOf("tags")]).toEqual(["a", "b"]);
    expect(row(4)[columns.indexOf("note")]).toBe("line\nbreak");
  });

  it("the execution's CSV (E3) and the latest CSV (E5) are the same text", async () => {
    const client = env.client();
    const [e3, e5] = await Promise.all([client.resultsCsv(executionId), client.latestCsv(1008)]);
    expect(e3.text).toBe(e5.text);
    expect(e3.text.endsWith("\n")).toBe(true);
  });
});

import { quoteIdentifier, SqlParams } from "../../../src/service/query-language";

describe("quoteIdentifier", () => {
  test.each([
    ["amount", `"amount"`],
    ["dec", `"dec"`],
    ["total_TVL", `"total_TVL"`],
    ['a"b', `"a""b"`],
    ['"; DROP TABLE t; --', `"""; DROP TABLE t; --"`],
    ["with space", `"with space"`],
  ])("%j -> %s", (name, quoted) => {
    expect(quoteIdentifier(name)).toBe(quoted);
  });

  it("refuses the empty name, which no engine accepts", () => {
    expect(() => quoteIdentifier("")).toThrow();
  });
});

describe("SqlParams", () => {
  it("numbers placeholders from $1 in the order values are added", () => {
    const params = new SqlParams();
    expect([params.add("a"), params.add(1), params.add(true), params.add(null)]).toEqual(["$1", "$2", "$3", "$4"]);
    expect(params.values).toEqual(["a", 1, true, null]);
  });

  it("hands out a copy of the values, so callers cannot desynchronize placeholders", () => {
    const params = new SqlParams();
    params.add("a");
    params.values.push("b");
    expect(params.values).toEqual(["a"]);
  });

  test.each([NaN, Infinity, -Infinity])("refuses %p", (value) => {
    expect(() => new SqlParams().add(value)).toThrow();
  });
});

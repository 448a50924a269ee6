import { columnKind, type ColumnKind } from "../../../src/service/query-language/column-types";

describe("columnKind", () => {
  test.each<[string, ColumnKind]>([
    ["varchar", "text"],
    ["VARCHAR", "text"],
    ["varchar(42)", "text"],
    ["string", "text"],
    ["bigint", "number"],
    ["integer", "number"],
    ["int", "number"],
    ["double", "number"],
    ["decimal(38,0)", "number"],
    ["decimal(10, 2)", "number"],
    ["hugeint", "number"],
    ["uinteger", "number"],
    ["boolean", "boolean"],
    ["date", "date"],
    ["timestamp", "timestamp"],
    ["timestamp(3)", "timestamp"],
    ["timestamp with time zone", "timestamptz"],
    ["timestamp(3) with time zone", "timestamptz"],
    ["timestamptz", "timestamptz"],
    ["array(varchar)", "array"],
    ["array(string)", "array"],
    ["VARCHAR[]", "array"],
    ["INTEGER[3]", "array"],
    ["json", "other"],
    ["map(varchar, bigint)", "other"],
    ["time", "other"],
    ["uuid", "other"],
    ["", "other"],
  ])("%j is %s", (type, kind) => {
    expect(columnKind(type)).toBe(kind);
  });
});

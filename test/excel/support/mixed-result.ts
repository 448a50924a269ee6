/**
 * A result of twelve mixed columns (ids, addresses, text, doubles, booleans, zero-padded codes, timestamps, arrays,
 * wide integers, a formula-like note every 1,000 rows, small integers), as an analyst's insert would carry: the
 * writer's tests and the writer benchmark write the same shape.
 */
export interface MixedResult {
  columns: string[];
  types: string[];
  rows: unknown[][];
}

const COLUMNS = ["id", "address", "name", "amount", "ratio", "flag", "code", "at", "tags", "wide", "note", "n"];
const TYPES = [
  "bigint",
  "varchar",
  "varchar",
  "double",
  "double",
  "boolean",
  "varchar",
  "timestamp",
  "array(varchar)",
  "hugeint",
  "varchar",
  "integer",
];

export function mixedResult(rows: number): MixedResult {
  return {
    columns: [...COLUMNS],
    types: [...TYPES],
    rows: Array.from({ length: rows }, (_, i) => [
      i,
      `0x${i.toString(16).padStart(40, "0")}`,
      `name ${i}`,
      i * 1.5,
      i / 7,
      i % 2 === 0,
      String(i).padStart(6, "0"),
      "2024-03-05 15:03:00.000",
      ["a", "b"],
      "123456789012345678901234567890",
      i % 1000 === 0 ? '=HYPERLINK("http://x","y")' : "plain note",
      i % 5,
    ]),
  };
}

import type { ColumnInfo } from "../../../src/service/query-language/column-types";
import type { FilterValue } from "../../../src/service/query-language/filter-ast";

/** One column of each kind the language treats differently, plus names that need quoting or are SQL keywords. */
export const COLUMNS: readonly ColumnInfo[] = [
  { name: "token_pair", type: "varchar" },
  { name: "amount", type: "bigint" },
  { name: "trades", type: "integer" },
  { name: "usd_liquidity", type: "double" },
  { name: "price", type: "decimal(10,2)" },
  { name: "is_active", type: "boolean" },
  { name: "day", type: "date" },
  { name: "block_time", type: "timestamp" },
  { name: "updated_at", type: "timestamp with time zone" },
  { name: "projects", type: "array(varchar)" },
  { name: "payload", type: "json" },
  { name: "total_TVL", type: "double" },
  { name: "dec", type: "integer" },
  { name: "select", type: "varchar" },
  { name: "in", type: "varchar" },
  { name: "Mixed Case", type: "varchar" },
  { name: 'say "hi"', type: "varchar" },
  { name: "Name", type: "varchar" },
  { name: "NAME", type: "varchar" },
  { name: "supply", type: "decimal(38,0)" },
];

export const str = (value: string): FilterValue => ({ type: "string", value });
export const num = (value: number, text = String(value)): FilterValue => ({ type: "number", value, text });
export const bool = (value: boolean): FilterValue => ({ type: "boolean", value });
export const date = (value: string): FilterValue => ({ type: "date", value });
export const ts = (value: string): FilterValue => ({ type: "timestamp", value });

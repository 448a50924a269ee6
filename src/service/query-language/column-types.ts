/** A result column as the API describes it: `column_names[i]` with `column_types[i]`. */
export interface ColumnInfo {
  name: string;
  /** API type name: varchar, bigint, integer, double, boolean, date, timestamp, array(varchar), decimal(p,s) ... */
  type: string;
}

/**
 * What a filter may do with a column depends only on this coarse kind:
 * - text: compare with 'text', IN, LIKE
 * - number: compare with numbers, IN
 * - boolean: = / != with TRUE or FALSE, IN
 * - date / timestamp / timestamptz: compare with a quoted date or date-time, IN
 * - array, other: IS NULL / IS NOT NULL only (sorting is allowed on every column)
 */
export type ColumnKind = "text" | "number" | "boolean" | "date" | "timestamp" | "timestamptz" | "array" | "other";

const TEXT = /^(varchar|char|character|character varying|string|text|bpchar|nvarchar)(\s*\(\s*\d+\s*\))?$/;
const NUMBER =
  /^(tinyint|smallint|integer|int|int2|int4|int8|bigint|hugeint|uhugeint|utinyint|usmallint|uinteger|ubigint|double|double precision|float|float4|float8|real|decimal|numeric)(\s*\(\s*\d+\s*(,\s*\d+\s*)?\))?$/;
const BOOLEAN = /^(boolean|bool)$/;
const DATE = /^date$/;
const TIMESTAMP =
  /^(timestamp|datetime|timestamp_s|timestamp_ms|timestamp_ns)(\s*\(\s*\d+\s*\))?(\s+without time zone)?$/;
const TIMESTAMPTZ = /^(timestamptz|timestamp(\s*\(\s*\d+\s*\))?\s+with time zone)$/;
// Trino spells arrays array(varchar); DuckDB spells lists VARCHAR[] (or VARCHAR[3] for fixed arrays).
const ARRAY = /^(array|list)\s*\(.*\)$|\[\d*\]$/;

/** Classifies an API type name, case-insensitively; unknown names (json, map(...), uuid, time...) are `other`. */
export function columnKind(type: string): ColumnKind {
  const t = type.trim().toLowerCase().replace(/\s+/g, " ");
  if (ARRAY.test(t)) return "array";
  if (TEXT.test(t)) return "text";
  if (NUMBER.test(t)) return "number";
  if (BOOLEAN.test(t)) return "boolean";
  if (DATE.test(t)) return "date";
  if (TIMESTAMPTZ.test(t)) return "timestamptz";
  if (TIMESTAMP.test(t)) return "timestamp";
  return "other";
}

const INTEGER =
  /^(tinyint|smallint|integer|int|int2|int4|int8|bigint|hugeint|uhugeint|utinyint|usmallint|uinteger|ubigint)$/;
const DECIMAL = /^(?:decimal|numeric)(?:\s*\(\s*\d+\s*(?:,\s*(\d+)\s*)?\))?$/;

/**
 * How many integer digits a literal may have and still be compared exactly with this column through a 128-bit
 * integer: 38 for integer columns, 38 - scale for decimals (DuckDB widens the integer to DECIMAL(38, scale) and
 * fails if it does not fit), 0 for anything else (compared as DOUBLE).
 */
export function exactIntegerDigits(type: string): number {
  const t = type.trim().toLowerCase();
  if (INTEGER.test(t)) return 38;
  const decimal = DECIMAL.exec(t);
  if (!decimal) return 0;
  // A bare DECIMAL is DECIMAL(18,3) in DuckDB.
  const scale = decimal[1] === undefined ? (t.includes("(") ? 0 : 3) : Number(decimal[1]);
  return Math.max(0, 38 - scale);
}

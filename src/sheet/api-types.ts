/**
 * How a column's API type maps onto Excel. Type names come from `result.metadata.column_types`
 * (SQL-style: varchar, bigint, double, decimal(38,2), timestamp(3) with time zone, array(varchar), …).
 */
export type ColumnKind =
  | "text"
  | "integer"
  | "decimal"
  | "float"
  | "boolean"
  | "timestamp"
  | "date"
  | "time"
  | "array"
  | "structured"
  | "unknown";

// Order matters: "timestamp" must be tested before "time", arrays before their element type.
const RULES: readonly [RegExp, ColumnKind][] = [
  [/^(array|list)\s*[(<]|\[\d*\]$/, "array"],
  [/^(struct|row|map|json|union|variant|object)\b/, "structured"],
  [/^(boolean|bool|logical)$/, "boolean"],
  [/^(timestamp|datetime)/, "timestamp"],
  [/^date$/, "date"],
  [/^time(tz)?\b/, "time"],
  [
    // The engine's integer types of any width: int256 and uint256 (on-chain amounts) as well as the SQL ones.
    /^(u?(tiny|small|big|huge)?int(eger)?|u?int(1|2|4|8|16|32|64|128|256)|u?bigint|u?hugeint|long|short|signed|unsigned)$/,
    "integer",
  ],
  [/^(decimal|numeric|dec)\b/, "decimal"],
  [/^(double|float|real|float4|float8|number)\b/, "float"],
  [
    /^(varchar|char|character|nvarchar|string|text|uuid|enum|blob|varbinary|bytea|interval|bit|ipaddress|bpchar|name)\b/,
    "text",
  ],
];

export function columnKind(apiType: string | undefined): ColumnKind {
  const t = (apiType ?? "").trim().toLowerCase();
  for (const [re, kind] of RULES) if (re.test(t)) return kind;
  return "unknown";
}

/** Columns whose cells get the Text number format (`@`) so Excel never re-interprets them. */
export function isTextKind(kind: ColumnKind, timestamps: "text" | "excel-date"): boolean {
  switch (kind) {
    case "text":
    case "array":
    case "structured":
      return true;
    case "timestamp":
    case "date":
    case "time":
      return timestamps === "text";
    default:
      return false;
  }
}

/**
 * DuckDB type names → the API's SQL-style type names (lower case; lists as `array(t)`), e.g.
 * `VARCHAR[]` → `array(varchar)`, `DECIMAL(18,3)` → `decimal(18,3)`, `TIMESTAMP WITH TIME ZONE` → `timestamp with time zone`.
 */
export function apiTypeName(duckType: string): string {
  const t = duckType.trim();
  if (t.endsWith("[]")) return `array(${apiTypeName(t.slice(0, -2))})`;
  const fixed = /^(.*)\[\d+\]$/.exec(t);
  if (fixed) return `array(${apiTypeName(fixed[1])})`;
  const lower = t.toLowerCase();
  if (lower.startsWith("struct(")) return lower.replace(/^struct/, "row");
  return lower;
}

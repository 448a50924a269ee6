/**
 * Quotes an identifier for SQL: always in double quotes with `"` doubled, so reserved words (`dec`, `order`,
 * `date`), mixed case (`total_TVL`) and any character are safe. Every identifier the module emits goes through here,
 * and only names of known result columns are ever passed in.
 */
export function quoteIdentifier(name: string): string {
  // `""` is not a valid identifier in DuckDB or Trino; producing it would only move the failure to the engine.
  if (typeof name !== "string" || name.length === 0) throw new Error("quoteIdentifier: empty or non-string identifier");
  return `"${name.replace(/"/g, '""')}"`;
}

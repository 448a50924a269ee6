import { BARE_IDENTIFIER } from "./grammar";
import type { ColumnInfo } from "./column-types";
import { QueryLanguageError, show, type QueryParameter } from "./errors";

/** How many names an "unknown column" message lists before saying "and N more". */
const MAX_LISTED_COLUMNS = 60;

/**
 * Finds the result column a user means. An exact (case-sensitive) match wins; otherwise a case-insensitive match is
 * accepted when it is unique, because spreadsheet users rarely remember `total_TVL` vs `total_tvl`. Two columns
 * differing only in case make a case-insensitive spelling ambiguous, which is an error rather than a guess.
 * The same rule applies to bare and double-quoted names. Returns the column as listed (its real name and type).
 */
export function resolveColumn(
  parameter: QueryParameter,
  written: string,
  position: number,
  columns: readonly ColumnInfo[],
): ColumnInfo {
  const exact = columns.find((c) => c.name === written);
  if (exact) return exact;
  const lower = written.toLowerCase();
  const folded = uniqueByName(columns.filter((c) => c.name.toLowerCase() === lower));
  if (folded.length === 1) return folded[0];
  if (folded.length > 1) {
    throw new QueryLanguageError(
      parameter,
      position,
      `ambiguous column ${show(written)}`,
      `it matches ${folded.map((c) => formatColumnName(c.name)).join(" and ")}; write the name with the exact case`,
    );
  }
  throw new QueryLanguageError(
    parameter,
    position,
    `unknown column ${show(written)}`,
    `columns are: ${listColumns(columns)}`,
  );
}

/** The result's columns as the user should type them (quoted where a bare name would not parse). */
export function listColumns(columns: readonly ColumnInfo[]): string {
  if (columns.length === 0) return "(none)";
  const names = uniqueByName(columns).map((c) => formatColumnName(c.name));
  const shown = names.slice(0, MAX_LISTED_COLUMNS).join(", ");
  return names.length > MAX_LISTED_COLUMNS ? `${shown} and ${names.length - MAX_LISTED_COLUMNS} more` : shown;
}

function formatColumnName(name: string): string {
  return BARE_IDENTIFIER.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** Results may list a name twice (the channel trends dataset does); such entries are one column to the user. */
function uniqueByName(columns: readonly ColumnInfo[]): ColumnInfo[] {
  const seen = new Set<string>();
  return columns.filter((c) => (seen.has(c.name) ? false : (seen.add(c.name), true)));
}

/** A SQL string literal for text we generate ourselves (file paths); user text is always bound, never put here. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A quoted identifier for column names that come from stored results (never from request text). */
export function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A SQL string literal for text we generate ourselves (file paths); user text is always bound, never put here. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The little of Excel's formula grammar (as stored in files: ECMA-376 Part 1, formulas) that the file layer needs:
 * skipping string literals, quoted sheet names and bracketed parts (structured references, external-workbook
 * indexes) so that commas, parentheses and references inside them are not mistaken for syntax.
 */

/** From an opening `"` or `'` at `at`, the offset just after its closing quote (doubled quotes are escapes). */
export function skipQuoted(text: string, at: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

/** From an opening `[` at `at`, the offset just after its matching `]` (structured references nest them). */
export function skipBrackets(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === "[") depth++;
    else if (text[i] === "]" && --depth === 0) return i + 1;
  }
  return text.length;
}

/** A character that continues a name (so a reference cannot start right after it). */
export function isNameChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_.\\\u00C0-\uFFFF]/.test(c);
}

/**
 * Calls `visit` for each stretch of the formula outside strings, quoted names and brackets, with its offset; the
 * skipped parts are passed to `skipped` (so a caller rebuilding the text can copy them).
 */
export function forEachCodeStretch(
  text: string,
  visit: (from: number, to: number) => void,
  skipped: (from: number, to: number) => void = () => {},
): void {
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "[") {
      if (i > from) visit(from, i);
      const end = c === "[" ? skipBrackets(text, i) : skipQuoted(text, i);
      skipped(i, end);
      i = from = end;
    } else i++;
  }
  if (i > from) visit(from, i);
}

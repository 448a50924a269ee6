/** Where a top-level string field's JSON value (quotes included) sits in an envelope's text. */
export interface FieldSpan {
  value: string;
  start: number;
  end: number;
}

const QUOTE = 34;
const BACKSLASH = 92;

/** The index just past the closing quote of the JSON string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    let backslashes = 0;
    for (let j = q - 1; j > start && text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** The JSON string at `text[start, end)`, or undefined when it is not one (a damaged or cut-off body). */
function jsonString(text: string, start: number, end: number): string | undefined {
  try {
    const value: unknown = JSON.parse(text.slice(start, end));
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The top-level string fields `names` of a JSON object's text, found without parsing it: a result page is megabytes
 * of rows, and the relay needs only `state`, `expires_at` and `next_uri`, which the service writes before the rows
 * (the scan stops once it has them all). Keys inside rows (a column may be called `next_uri`) are never taken:
 * only depth-one keys count. A field whose value is not a string is left out. Text that is not a JSON object
 * gives nothing; a damaged or cut-off string ends the scan with what was found before it.
 */
export function topLevelStrings(text: string, names: readonly string[]): Map<string, FieldSpan> {
  const found = new Map<string, FieldSpan>();
  let i = 0;
  while (i < text.length && text.charCodeAt(i) <= 32) i++;
  if (text[i] !== "{") return found;
  let depth = 0;
  let expectKey = false;
  let pendingKey: string | undefined;
  for (; i < text.length && found.size < names.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (depth === 1 && expectKey) {
        const key = jsonString(text, i, end);
        if (key === undefined) return found;
        pendingKey = names.includes(key) ? key : undefined;
        expectKey = false;
      } else if (depth === 1 && pendingKey !== undefined) {
        const value = jsonString(text, i, end);
        if (value === undefined) return found;
        found.set(pendingKey, { value, start: i, end });
        pendingKey = undefined;
      }
      i = end - 1;
      continue;
    }
    if (c === 123 || c === 91) {
      // { or [
      depth++;
      if (depth === 1) expectKey = true;
      if (depth > 1) pendingKey = undefined;
    } else if (c === 125 || c === 93) {
      depth--;
    } else if (c === 44 && depth === 1) {
      // , between top-level members: a key comes next
      expectKey = true;
      pendingKey = undefined;
    }
  }
  return found;
}

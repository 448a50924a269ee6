import type { CellValue } from "./cell-value-type";

/** UTF-8 bytes of `JSON.stringify(text)`: quotes, escapes and multi-byte characters included. */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x20) bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** JSON bytes of one cell. */
export function cellPayloadBytes(value: CellValue | null): number {
  if (typeof value === "string") return jsonStringBytes(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === "boolean") return value ? 4 : 5;
  return 4; // null
}

/** JSON bytes of one row: cells, commas and brackets. */
export function rowPayloadBytes(row: readonly (CellValue | null)[]): number {
  let bytes = 2 + Math.max(0, row.length - 1);
  for (const v of row) bytes += cellPayloadBytes(v);
  return bytes;
}

/**
 * Size of `JSON.stringify(matrix)` in UTF-8 bytes: what a `range.values = matrix` adds to a request.
 * Office.js serializes the queued actions as JSON, so this is the figure the 5 MB request limit applies to
 * (plus a small, fixed overhead per action). The writer plans its chunks with it.
 */
export function estimateValuesPayloadBytes(matrix: readonly (readonly (CellValue | null)[])[]): number {
  let bytes = 2 + Math.max(0, matrix.length - 1);
  for (const row of matrix) bytes += rowPayloadBytes(row);
  return bytes;
}

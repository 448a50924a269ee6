import { MAX_CELL_CHARS } from "./limits";

/**
 * Excel refuses a cell longer than 32,767 characters and the whole write fails with it. Failing a 100,000-row
 * insert for one long description helps nobody, so we truncate and end the cell with a visible marker that says
 * how long the original was; `onTruncated` lets the caller count and report them.
 */
export function truncationMarker(originalLength: number): string {
  return ` … [truncated: ${originalLength.toLocaleString("en-US")} characters]`;
}

export function limitCellText(text: string, onTruncated?: (originalLength: number) => void): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  const marker = truncationMarker(text.length);
  let cut = MAX_CELL_CHARS - marker.length;
  // Do not split a surrogate pair: Excel counts UTF-16 units, and half a pair is not a character.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  onTruncated?.(text.length);
  return text.slice(0, cut) + marker;
}

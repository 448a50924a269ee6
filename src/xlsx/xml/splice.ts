import { escapeAttribute } from "./entities";
import type { XmlAttr } from "./scanner";

/** Replace `text[start, end)` with `insert`; an insertion has start === end. */
export interface Splice {
  start: number;
  end: number;
  insert: string;
}

/**
 * Applies non-overlapping splices to a document in one pass: everything between them is kept character for
 * character, which is what keeps unknown attributes, extension lists and namespace declarations as they were.
 */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const sorted = [...splices].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) throw new Error(`Overlapping edits at ${s.start}`);
    out.push(text.slice(at, s.start), s.insert);
    at = s.end;
  }
  out.push(text.slice(at));
  return out.join("");
}

/**
 * The splice that sets an attribute in a start tag: its value replaced where it is, or the attribute added before
 * the tag's `>` or `/>` (`tagEnd` is the offset just after the tag).
 */
export function setAttribute(
  text: string,
  attrs: readonly XmlAttr[],
  tagEnd: number,
  name: string,
  value: string,
): Splice {
  const found = attrs.find((a) => a.name === name);
  if (found) {
    const escaped = escapeAttribute(value);
    const singleQuoted = text[found.valueStart - 1] === "'";
    return {
      start: found.valueStart,
      end: found.valueEnd,
      insert: singleQuoted ? escaped.replace(/'/g, "&apos;") : escaped,
    };
  }
  const at = text[tagEnd - 2] === "/" ? tagEnd - 2 : tagEnd - 1;
  return { start: at, end: at, insert: ` ${name}="${escapeAttribute(value)}"` };
}

/** The splice that removes an attribute (with the space before it), or null when it is absent. */
export function removeAttribute(text: string, attrs: readonly XmlAttr[], name: string): Splice | null {
  const found = attrs.find((a) => a.name === name);
  if (!found) return null;
  let start = found.start;
  while (start > 0 && /\s/.test(text[start - 1])) start--;
  return { start, end: found.end, insert: "" };
}

import { child, parseXml } from "../xml/dom";
import { applySplices, setAttribute, type Splice } from "../xml/splice";

/** A table part with its range, and its auto-filter's, set to `ref` (a table without a totals row filters all of it). */
export function setTableRef(text: string, part: string, ref: string): string {
  const root = parseXml(text, `the table part ${part}`, part);
  const splices: Splice[] = [setAttribute(text, root.attrs, root.openEnd, "ref", ref)];
  const autoFilter = child(root, "autoFilter");
  if (autoFilter) splices.push(setAttribute(text, autoFilter.attrs, autoFilter.openEnd, "ref", ref));
  return applySplices(text, splices);
}

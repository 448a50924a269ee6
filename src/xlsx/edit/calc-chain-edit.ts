import { attr, children, parseXml } from "../xml/dom";
import { applySplices, setAttribute, type Splice } from "../xml/splice";

/**
 * The calculation chain without the entries of cells that no longer hold a formula of their own, or null when no
 * entry is left (the part then goes: its schema wants at least one entry). Excel rebuilds the chain as it
 * calculates and does not mind formulas missing from it, but it reports the file as needing repair when the chain
 * names a cell without a formula (dotnet/Open-XML-SDK#1457 and #1491, where removing formulas is found to be what
 * triggers it). An entry whose sheet was implied by a dropped one gets its `i` written out.
 */
export function editCalcChain(
  text: string,
  part: string,
  drop: (sheetId: number, ref: string) => boolean,
): string | null {
  const root = parseXml(text, `the calculation chain (${part})`, part);
  const splices: Splice[] = [];
  let sheet = 0;
  let written = 0;
  let kept = 0;
  for (const c of children(root, "c")) {
    const i = attr(c, "i");
    if (i !== undefined) sheet = Number(i);
    if (drop(sheet, attr(c, "r") ?? "")) {
      splices.push({ start: c.start, end: c.end, insert: "" });
      continue;
    }
    kept++;
    if (i === undefined && sheet !== written) splices.push(setAttribute(text, c.attrs, c.openEnd, "i", String(sheet)));
    written = sheet;
  }
  if (!kept) return null;
  return splices.length ? applySplices(text, splices) : text;
}

import type { CalcChainEntry } from "../model/workbook-types";
import type { XmlElement } from "../xml/dom";
import { attr, children } from "../xml/dom";

/**
 * The calculation chain: the order in which Excel last calculated the formula cells. An entry without `i` belongs to
 * the sheet of the entry before it (ECMA-376 Part 1, the calcChain part's `c`).
 */
export function readCalcChain(root: XmlElement): CalcChainEntry[] {
  let sheetId = 0;
  return children(root, "c").map((c) => {
    const i = attr(c, "i");
    if (i !== undefined) sheetId = Number(i);
    return { ref: attr(c, "r") ?? "", sheetId };
  });
}

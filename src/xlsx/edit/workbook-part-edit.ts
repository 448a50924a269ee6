import { child, parseXml, prefixOf } from "../xml/dom";
import { applySplices, setAttribute } from "../xml/splice";

/** Elements that come before calcPr in a workbook (ECMA-376 Part 1, CT_Workbook), for placing a new one. */
const BEFORE_CALC_PR = ["definedNames", "externalReferences", "functionGroups", "sheets"];

/**
 * Asks Excel to recalculate every formula when it next opens the file (`calcPr fullCalcOnLoad="1"`), so that
 * formulas depending on refreshed cells show values computed from them.
 */
export function setFullCalcOnLoad(text: string, part: string): string {
  const root = parseXml(text, `the workbook part (${part})`, part);
  const calcPr = child(root, "calcPr");
  if (calcPr) return applySplices(text, [setAttribute(text, calcPr.attrs, calcPr.openEnd, "fullCalcOnLoad", "1")]);
  const before = BEFORE_CALC_PR.map((n) => child(root, n)).find((e) => e !== undefined);
  const at = before ? before.end : root.closeStart;
  return applySplices(text, [{ start: at, end: at, insert: `<${prefixOf(root)}calcPr fullCalcOnLoad="1"/>` }]);
}

import type { WorkbookFile } from "../workbook-file";
import { attr, child, children } from "../xml/dom";
import { BUILT_IN_NUMBER_FORMATS } from "./number-format-codes";
import { REL } from "./relationship-types";

/**
 * The number format code of each cell format (a cell's `style`), from the workbook's styles part: its own
 * `<numFmt>`s, else the codes built into every workbook. General for a cell format the file does not describe.
 */
export function numberFormats(book: WorkbookFile): (style: number) => string {
  const { pkg, workbookPart } = book.internals;
  const part = pkg.relationships(workbookPart).find((r) => r.type === REL.styles && r.part && pkg.has(r.part))?.part;
  if (!part) return () => "General";
  const root = pkg.xml(part, `the styles (${part})`);
  const own = new Map<number, string>();
  for (const f of children(child(root, "numFmts") ?? root, "numFmt")) {
    own.set(Number(attr(f, "numFmtId")), attr(f, "formatCode") ?? "General");
  }
  const xfs = children(child(root, "cellXfs") ?? root, "xf").map((xf) => {
    const id = Number(attr(xf, "numFmtId") ?? 0);
    return own.get(id) ?? BUILT_IN_NUMBER_FORMATS.get(id) ?? "General";
  });
  return (style) => xfs[style] ?? "General";
}

import { XlsxError, fileLabel } from "../errors";
import type { CalcProperties, DefinedName, SheetInfo, SheetKind } from "../model/workbook-types";
import type { OpcPackage } from "../package/opc-package";
import { attr, child, children, prefixedAttr } from "../xml/dom";
import { REL } from "./relationship-types";

const KIND_BY_TYPE: Record<string, SheetKind> = {
  [REL.worksheet]: "worksheet",
  [REL.chartsheet]: "chartsheet",
  [REL.dialogsheet]: "dialogsheet",
  [REL.macrosheet]: "macrosheet",
  [REL.intlMacrosheet]: "macrosheet",
};

export interface WorkbookPart {
  sheets: SheetInfo[];
  definedNames: DefinedName[];
  calcProperties?: CalcProperties;
  /** Dates count from 1904 (`workbookPr date1904`): serial numbers mean other days. */
  date1904: boolean;
  /** Position of the sheet shown when the file opens (the first view's `activeTab`; 0 when absent). */
  activeTab: number;
}

/** workbook.xml: its sheets (with the parts their relationships point at), defined names and calculation settings. */
export function readWorkbookPart(pkg: OpcPackage, part: string): WorkbookPart {
  const root = pkg.xml(part, `the workbook part (${part})`);
  if (root.local !== "workbook") {
    throw new XlsxError(
      "bad-xml",
      `${fileLabel(pkg.file)} is not an Excel workbook: its main part holds <${root.name}>.`,
      part,
    );
  }
  const rels = new Map(pkg.relationships(part).map((r) => [r.id, r]));
  const sheetsEl = child(root, "sheets");
  const sheets = (sheetsEl ? children(sheetsEl, "sheet") : []).map((s, index): SheetInfo => {
    const name = attr(s, "name") ?? "";
    const relId = prefixedAttr(s, "id") ?? "";
    const rel = rels.get(relId);
    if (!rel?.part || !pkg.has(rel.part)) {
      throw new XlsxError(
        "missing-part",
        `${fileLabel(pkg.file)} is damaged: the sheet "${name}" has no content in the package. ` +
          "Open it in Excel (which offers to repair it) and save it again; nothing was written.",
        rel?.part,
      );
    }
    const state = attr(s, "state");
    return {
      name,
      sheetId: Number(attr(s, "sheetId")),
      index,
      relId,
      part: rel.part,
      kind: KIND_BY_TYPE[rel.type] ?? "worksheet",
      state: state === "hidden" || state === "veryHidden" ? state : "visible",
    };
  });
  if (!sheets.length)
    throw new XlsxError("bad-xml", `${fileLabel(pkg.file)} has no sheets; nothing was written.`, part);
  const namesEl = child(root, "definedNames");
  const definedNames = (namesEl ? children(namesEl, "definedName") : []).map((d): DefinedName => {
    const local = attr(d, "localSheetId");
    const entry: DefinedName = { name: attr(d, "name") ?? "", formula: d.text, hidden: attr(d, "hidden") === "1" };
    if (local !== undefined) entry.sheet = sheets[Number(local)]?.name;
    return entry;
  });
  const calcPr = child(root, "calcPr");
  const workbookPr = child(root, "workbookPr");
  const date1904 = workbookPr ? ["1", "true"].includes(attr(workbookPr, "date1904") ?? "") : false;
  let calcProperties: CalcProperties | undefined;
  if (calcPr) {
    const attributes = Object.fromEntries(calcPr.attrs.map((a) => [a.name, a.value]));
    calcProperties = {
      calcId: attributes.calcId,
      calcMode: attributes.calcMode,
      fullCalcOnLoad: ["1", "true"].includes(attributes.fullCalcOnLoad ?? ""),
      attributes,
    };
  }
  const view = child(child(root, "bookViews") ?? root, "workbookView");
  const activeTab = Number(view ? (attr(view, "activeTab") ?? 0) : 0);
  return { sheets, definedNames, calcProperties, date1904, activeTab: Number.isInteger(activeTab) ? activeTab : 0 };
}

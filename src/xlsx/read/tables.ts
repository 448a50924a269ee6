import type { OpcPackage } from "../package/opc-package";
import type { SheetInfo, TableInfo } from "../model/workbook-types";
import { attr, child, children } from "../xml/dom";
import { REL } from "./relationship-types";
import { unreadable } from "./sheet-context";

/** The tables (list objects) of a worksheet, from the table parts its relationships point at. */
export function readTables(pkg: OpcPackage, sheet: SheetInfo): TableInfo[] {
  return pkg
    .relationships(sheet.part)
    .filter((r) => r.type === REL.table && r.part && pkg.has(r.part))
    .map((r) => {
      const part = r.part!;
      const where = { where: `the table part ${part} of the sheet "${sheet.name}"`, part };
      const root = pkg.xml(part, where.where);
      if (root.local !== "table") throw unreadable(where, `it holds <${root.name}>`);
      const ref = attr(root, "ref");
      if (!ref) throw unreadable(where, "the table has no range");
      const autoFilter = child(root, "autoFilter");
      const columnsEl = child(root, "tableColumns");
      const table: TableInfo = {
        id: Number(attr(root, "id")),
        name: attr(root, "name") ?? attr(root, "displayName") ?? "",
        displayName: attr(root, "displayName") ?? attr(root, "name") ?? "",
        sheet: sheet.name,
        part,
        ref,
        headerRowCount: Number(attr(root, "headerRowCount") ?? 1),
        totalsRowCount: Number(attr(root, "totalsRowCount") ?? 0),
        columns: (columnsEl ? children(columnsEl, "tableColumn") : []).map((c) => {
          const formula = child(c, "calculatedColumnFormula");
          return {
            id: Number(attr(c, "id")),
            name: attr(c, "name") ?? "",
            ...(formula ? { calculatedFormula: formula.text } : {}),
          };
        }),
      };
      const filterRef = autoFilter && attr(autoFilter, "ref");
      if (filterRef) table.autoFilterRef = filterRef;
      const styleInfo = child(root, "tableStyleInfo");
      const style = styleInfo && attr(styleInfo, "name");
      if (style) table.style = style;
      return table;
    });
}

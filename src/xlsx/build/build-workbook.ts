import { strToU8, zipSync, type Zippable } from "fflate";
import { XlsxError } from "../errors";
import { sheetNameProblem } from "../../sheet";
import { newMetadataPart } from "./metadata-part";
import type { XlsxValue } from "../model/cell-types";
import { REL } from "../read/relationship-types";
import { escapeAttribute } from "../xml/entities";
import type { NewCell, NewSheet, NewWorkbook } from "./new-workbook";
import { SharedStringTable } from "./shared-string-table";
import { sheetPartXml } from "./sheet-part";
import { StylesPart } from "./styles-part";
import { tableColumnNames, tablePartXml } from "./table-part";
import { webExtensionParts } from "./web-extension-part";
import { contentTypesXml, MAIN_NS, R_NS, relationshipsXml, TYPES, XML_HEADER, type Relationship } from "./xml-parts";

/** Every entry dated alike, so the same workbook gives the same bytes. */
const ENTRY_TIME = new Date(2026, 0, 1, 0, 0, 0);

/** The sheet's cells with each table's header cells set to the table's column names (Excel requires they match). */
function withTableHeaders(sheet: NewSheet): { cells: NewCell[]; columns: string[][] } {
  const byPosition = new Map(sheet.cells.map((c) => [`${c.row},${c.column}`, c]));
  const columns = (sheet.tables ?? []).map((t) => {
    const headers: XlsxValue[] = [];
    for (let j = 0; j < t.columnCount; j++) headers.push(byPosition.get(`${t.row},${t.column + j}`)?.value ?? null);
    const names = tableColumnNames(headers);
    names.forEach((name, j) => {
      const key = `${t.row},${t.column + j}`;
      const old = byPosition.get(key);
      byPosition.set(key, { row: t.row, column: t.column + j, value: name, numberFormat: old?.numberFormat });
    });
    return names;
  });
  return { cells: [...byPosition.values()], columns };
}

function workbookXml(model: NewWorkbook, sheetRels: readonly string[]): string {
  const sheets = model.sheets
    .map((s, i) => `<sheet name="${escapeAttribute(s.name)}" sheetId="${i + 1}" r:id="${sheetRels[i]}"/>`)
    .join("");
  const active = model.activeSheet ? ` activeTab="${model.activeSheet}"` : "";
  const fullCalc = model.fullCalcOnLoad ? ' fullCalcOnLoad="1"' : "";
  return (
    XML_HEADER +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${R_NS}"><workbookPr defaultThemeVersion="202300"/>` +
    `<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="15600"${active}/>` +
    `</bookViews><sheets>${sheets}</sheets><calcPr calcId="191029"${fullCalc}/></workbook>`
  );
}

/** Told as a build goes (a caller shows how far it is): before each sheet is written, and before the package is zipped. */
export interface BuildProgress {
  onSheet?: (index: number, count: number) => void;
  onCompress?: () => void;
}

/**
 * A new workbook package as Excel saves one: sheets with their cells (text in the shared strings, formulas as
 * stored with their cached values, dynamic arrays with their range and `cm` pointing at `xl/metadata.xml`'s XLDAPR
 * record), number formats in the styles part, tables, and an add-in's document settings in its web-extension part.
 */
export function buildWorkbook(model: NewWorkbook, progress: BuildProgress = {}): Uint8Array {
  if (model.sheets.length === 0) throw new XlsxError("bad-value", "A workbook needs at least one sheet.");
  const taken: string[] = [];
  for (const s of model.sheets) {
    const problem = sheetNameProblem(s.name, taken);
    if (problem) throw new XlsxError("bad-value", problem);
    taken.push(s.name);
  }
  const files: Record<string, string> = {};
  const types = new Map<string, string>([["xl/workbook.xml", TYPES.workbook]]);
  const strings = new SharedStringTable();
  const styles = new StylesPart();
  const workbookRels: Relationship[] = [];
  const dynamic = model.sheets.some((s) => s.cells.some((c) => c.spill && c.formula !== undefined));
  let tableId = 0;
  model.sheets.forEach((sheet, i) => {
    progress.onSheet?.(i, model.sheets.length);
    const part = `xl/worksheets/sheet${i + 1}.xml`;
    const { cells, columns } = withTableHeaders(sheet);
    const tableRels: Relationship[] = (sheet.tables ?? []).map((table, k) => {
      tableId++;
      files[`xl/tables/table${tableId}.xml`] = tablePartXml(table, tableId, columns[k]!);
      types.set(`xl/tables/table${tableId}.xml`, TYPES.table);
      return [`rId${k + 1}`, REL.table, `../tables/table${tableId}.xml`];
    });
    if (tableRels.length) files[`xl/worksheets/_rels/sheet${i + 1}.xml.rels`] = relationshipsXml(tableRels);
    const input = {
      name: sheet.name,
      cells,
      tableRelIds: tableRels.map((r) => r[0]),
      selected: i === (model.activeSheet ?? 0),
      dynamicCm: 1,
    };
    files[part] = sheetPartXml(input, { strings, styles });
    types.set(part, TYPES.worksheet);
    workbookRels.push([`rId${i + 1}`, REL.worksheet, `worksheets/sheet${i + 1}.xml`]);
  });
  const more = (type: string, target: string, contentType: string, xml: string) => {
    workbookRels.push([`rId${workbookRels.length + 1}`, type, target]);
    files[`xl/${target}`] = xml;
    types.set(`xl/${target}`, contentType);
  };
  more(REL.styles, "styles.xml", TYPES.styles, styles.xml());
  if (strings.size) more(REL.sharedStrings, "sharedStrings.xml", TYPES.sharedStrings, strings.xml());
  if (dynamic) more(REL.sheetMetadata, "metadata.xml", TYPES.sheetMetadata, newMetadataPart());
  files["xl/workbook.xml"] = workbookXml(
    model,
    model.sheets.map((_s, i) => `rId${i + 1}`),
  );
  files["xl/_rels/workbook.xml.rels"] = relationshipsXml(workbookRels);
  const rootRels: Relationship[] = [["rId1", REL.officeDocument, "xl/workbook.xml"]];
  if (model.addin) {
    Object.assign(files, webExtensionParts(model.addin));
    types.set("xl/webextensions/webextension1.xml", TYPES.webExtension);
    types.set("xl/webextensions/taskpanes.xml", TYPES.taskpanes);
    rootRels.push(["rId2", REL.webExtensionTaskpanes, "xl/webextensions/taskpanes.xml"]);
  }
  progress.onCompress?.();
  const zippable: Zippable = {};
  const add = (name: string, xml: string) => (zippable[name] = [strToU8(xml), { level: 6, mtime: ENTRY_TIME }]);
  add("[Content_Types].xml", contentTypesXml(types));
  add("_rels/.rels", relationshipsXml(rootRels));
  for (const [name, xml] of Object.entries(files)) add(name, xml);
  return zipSync(zippable);
}

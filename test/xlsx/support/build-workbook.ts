import { strToU8, zipSync, type Zippable } from "fflate";

/**
 * Builds workbook packages for the tests from XML text written to the published formats: ECMA-376 (SpreadsheetML
 * and Open Packaging), Microsoft's [MS-XLSX] for dynamic arrays, and its web-extension parts. The shapes follow what
 * Excel saves (namespaces and `mc:Ignorable` extensions, `x14ac:dyDescent` on rows, `xr:uid` on tables, a data
 * descriptor-free deflated zip), checked against workbooks saved by Excel in public test corpora; nothing is copied
 * from those files. fflate's `zipSync` packs them: a zip writer independent of the one under test.
 */
export const NS = {
  main: "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  rels: "http://schemas.openxmlformats.org/package/2006/relationships",
  ct: "http://schemas.openxmlformats.org/package/2006/content-types",
  doc: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
};
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const SHEET_NS =
  `xmlns="${NS.main}" xmlns:r="${NS.r}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
  'mc:Ignorable="x14ac xr xr2 xr3" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" ' +
  'xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" ' +
  'xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2" ' +
  'xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3"';

export interface TableSpec {
  name: string;
  ref: string;
  columns: string[];
  autoFilter?: boolean;
  totalsRowCount?: number;
}

export interface SheetSpec {
  name: string;
  /** The inside of `<sheetData>`. */
  rows?: string;
  /** The whole part, instead of one built around `rows`. */
  xml?: string;
  dimension?: string;
  /** XML after `</sheetData>` (merge cells, conditional formats…), before the page setup. */
  after?: string;
  tables?: TableSpec[];
}

export interface WebExtensionSpec {
  referenceId: string;
  properties: Record<string, string>;
}

export interface BookSpec {
  sheets: SheetSpec[];
  sharedStrings?: string[];
  /** Adds xl/metadata.xml with the XLDAPR dynamic-array cell metadata (cm="1"), as Excel 365 writes it. */
  dynamicArrays?: boolean;
  /** The inside of `<calcChain>`. */
  calcChain?: string;
  definedNames?: string;
  calcPr?: string;
  webExtension?: WebExtensionSpec;
  /** More parts: name → content (and a content-type override). */
  extraParts?: Record<string, { data: string | Uint8Array; contentType?: string }>;
  /** An .xlsm (macro-enabled main part and a VBA project). */
  macroEnabled?: boolean;
  /** Store entries without compression (some writers do). */
  store?: boolean;
  /** The 1904 date system (`<workbookPr date1904="1">`, as Excel writes it). */
  date1904?: boolean;
}

export const DYNAMIC_ARRAY_METADATA =
  HEADER +
  `<metadata xmlns="${NS.main}" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">` +
  '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" ' +
  'pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" ' +
  'coerce="1" cellMeta="1"/></metadataTypes><futureMetadata name="XLDAPR" count="1"><bk><extLst>' +
  '<ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/>' +
  '</ext></extLst></bk></futureMetadata><cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>';

function escape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function sheetXml(s: SheetSpec): string {
  if (s.xml) return s.xml;
  const tables = s.tables?.length
    ? `<tableParts count="${s.tables.length}">${s.tables.map((_t, i) => `<tablePart r:id="rId${i + 1}"/>`).join("")}</tableParts>`
    : "";
  return (
    HEADER +
    `<worksheet ${SHEET_NS} xr:uid="{00000000-0001-0000-0000-000000000000}">` +
    `<dimension ref="${s.dimension ?? "A1"}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/>' +
    `<sheetData>${s.rows ?? ""}</sheetData>${s.after ?? ""}` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    `${tables}</worksheet>`
  );
}

function tableXml(t: TableSpec, id: number): string {
  const totals = t.totalsRowCount ? ` totalsRowCount="${t.totalsRowCount}"` : ' totalsRowShown="0"';
  const filterRef = t.totalsRowCount ? t.ref.replace(/\d+$/, (n) => String(Number(n) - t.totalsRowCount!)) : t.ref;
  return (
    HEADER +
    `<table xmlns="${NS.main}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
    'mc:Ignorable="xr xr3" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" ' +
    'xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3" ' +
    `id="${id}" xr:uid="{0000000${id}-0000-0000-0000-000000000000}" name="${t.name}" displayName="${t.name}" ` +
    `ref="${t.ref}"${totals}>` +
    (t.autoFilter === false
      ? ""
      : `<autoFilter ref="${filterRef}" xr:uid="{0000000${id}-0001-0000-0000-000000000000}"/>`) +
    `<tableColumns count="${t.columns.length}">` +
    t.columns
      .map(
        (c, i) =>
          `<tableColumn id="${i + 1}" xr3:uid="{0000000${id}-0002-0000-0000-00000000000${i}}" name="${escape(c)}"/>`,
      )
      .join("") +
    '</tableColumns><tableStyleInfo name="TableStyleMedium2" showFirstColumn="0" showLastColumn="0" ' +
    'showRowStripes="1" showColumnStripes="0"/></table>'
  );
}

function rels(list: Array<[string, string, string]>): string {
  return (
    HEADER +
    `<Relationships xmlns="${NS.rels}">` +
    list.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join("") +
    "</Relationships>"
  );
}

export function buildWorkbook(spec: BookSpec): Uint8Array {
  const files: Record<string, string | Uint8Array> = {};
  const overrides: Array<[string, string]> = [];
  const wbRels: Array<[string, string, string]> = [];
  const mainType = spec.macroEnabled
    ? "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
    : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
  overrides.push(["/xl/workbook.xml", mainType]);
  let tableId = 0;
  spec.sheets.forEach((s, i) => {
    const part = `xl/worksheets/sheet${i + 1}.xml`;
    files[part] = sheetXml(s);
    overrides.push([`/${part}`, "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"]);
    wbRels.push([`rId${i + 1}`, `${NS.doc}/worksheet`, `worksheets/sheet${i + 1}.xml`]);
    if (s.tables?.length) {
      const tableRels: Array<[string, string, string]> = [];
      s.tables.forEach((t, k) => {
        tableId++;
        files[`xl/tables/table${tableId}.xml`] = tableXml(t, tableId);
        overrides.push([
          `/xl/tables/table${tableId}.xml`,
          "application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml",
        ]);
        tableRels.push([`rId${k + 1}`, `${NS.doc}/table`, `../tables/table${tableId}.xml`]);
      });
      files[`xl/worksheets/_rels/sheet${i + 1}.xml.rels`] = rels(tableRels);
    }
  });
  let next = spec.sheets.length + 1;
  files["xl/styles.xml"] =
    HEADER +
    `<styleSheet xmlns="${NS.main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>` +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>';
  overrides.push(["/xl/styles.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"]);
  wbRels.push([`rId${next++}`, `${NS.doc}/styles`, "styles.xml"]);
  if (spec.sharedStrings) {
    const n = spec.sharedStrings.length;
    files["xl/sharedStrings.xml"] =
      HEADER +
      `<sst xmlns="${NS.main}" count="${n}" uniqueCount="${n}">` +
      spec.sharedStrings
        .map((s) => `<si><t${/^\s|\s$/.test(s) ? ' xml:space="preserve"' : ""}>${escape(s)}</t></si>`)
        .join("") +
      "</sst>";
    overrides.push([
      "/xl/sharedStrings.xml",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml",
    ]);
    wbRels.push([`rId${next++}`, `${NS.doc}/sharedStrings`, "sharedStrings.xml"]);
  }
  if (spec.dynamicArrays) {
    files["xl/metadata.xml"] = DYNAMIC_ARRAY_METADATA;
    overrides.push([
      "/xl/metadata.xml",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml",
    ]);
    wbRels.push([`rId${next++}`, `${NS.doc}/sheetMetadata`, "metadata.xml"]);
  }
  if (spec.calcChain) {
    files["xl/calcChain.xml"] = HEADER + `<calcChain xmlns="${NS.main}">${spec.calcChain}</calcChain>`;
    overrides.push(["/xl/calcChain.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"]);
    wbRels.push([`rId${next++}`, `${NS.doc}/calcChain`, "calcChain.xml"]);
  }
  if (spec.macroEnabled) {
    files["xl/vbaProject.bin"] = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
    wbRels.push([
      `rId${next++}`,
      "http://schemas.microsoft.com/office/2006/relationships/vbaProject",
      "vbaProject.bin",
    ]);
  }
  files["xl/workbook.xml"] =
    HEADER +
    `<workbook xmlns="${NS.main}" xmlns:r="${NS.r}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
    'mc:Ignorable="x15 xr xr6 xr10 xr2" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">' +
    `<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="28030"/><workbookPr${spec.date1904 ? ' date1904="1"' : ""} defaultThemeVersion="202300"/>` +
    '<bookViews><workbookView xWindow="-120" yWindow="-120" windowWidth="29040" windowHeight="15720"/></bookViews><sheets>' +
    spec.sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
    `</sheets>${spec.definedNames ? `<definedNames>${spec.definedNames}</definedNames>` : ""}` +
    `${spec.calcPr ?? '<calcPr calcId="191029"/>'}` +
    '<extLst><ext uri="{140A7094-0E35-4892-8432-C4D2E57EDEB5}" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">' +
    '<x15:workbookPr chartTrackingRefBase="1"/></ext></extLst></workbook>';
  files["xl/_rels/workbook.xml.rels"] = rels(wbRels);
  const rootRels: Array<[string, string, string]> = [
    ["rId1", `${NS.doc}/officeDocument`, "xl/workbook.xml"],
    [
      "rId2",
      "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
      "docProps/core.xml",
    ],
  ];
  files["docProps/core.xml"] =
    HEADER +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Finance</dc:creator></cp:coreProperties>';
  overrides.push(["/docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"]);
  if (spec.webExtension) {
    const w = spec.webExtension;
    rootRels.push([
      "rId3",
      "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes",
      "xl/webextensions/taskpanes.xml",
    ]);
    files["xl/webextensions/taskpanes.xml"] =
      HEADER +
      '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">' +
      '<wetp:taskpane dockstate="right" visibility="1" width="350" row="4"><wetp:webextensionref ' +
      `xmlns:r="${NS.r}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>`;
    files["xl/webextensions/_rels/taskpanes.xml.rels"] = rels([
      ["rId1", "http://schemas.microsoft.com/office/2011/relationships/webextension", "webextension1.xml"],
    ]);
    files["xl/webextensions/webextension1.xml"] =
      HEADER +
      '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" ' +
      'id="{6B3A0E3C-5D42-4E0C-9F7B-0C8D1A2B3C4D}">' +
      `<we:reference id="${w.referenceId}" version="1.0.0.0" store="developer" storeType="Registry"/>` +
      "<we:alternateReferences/><we:properties>" +
      Object.entries(w.properties)
        .map(([k, v]) => `<we:property name="${escape(k)}" value="${escape(v)}"/>`)
        .join("") +
      `</we:properties><we:bindings/><we:snapshot xmlns:r="${NS.r}"/></we:webextension>`;
    overrides.push(["/xl/webextensions/taskpanes.xml", "application/vnd.ms-office.webextensiontaskpanes+xml"]);
    overrides.push(["/xl/webextensions/webextension1.xml", "application/vnd.ms-office.webextension+xml"]);
  }
  files["_rels/.rels"] = rels(rootRels);
  for (const [name, p] of Object.entries(spec.extraParts ?? {})) {
    files[name] = p.data;
    if (p.contentType) overrides.push([`/${name}`, p.contentType]);
  }
  files["[Content_Types].xml"] =
    HEADER +
    `<Types xmlns="${NS.ct}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' +
    '<Default Extension="png" ContentType="image/png"/>' +
    overrides.map(([p, t]) => `<Override PartName="${p}" ContentType="${t}"/>`).join("") +
    "</Types>";
  const order = [
    "[Content_Types].xml",
    "_rels/.rels",
    ...Object.keys(files).filter((n) => n !== "[Content_Types].xml" && n !== "_rels/.rels"),
  ];
  const zippable: Zippable = {};
  for (const name of order) {
    const data = files[name];
    zippable[name] = [
      typeof data === "string" ? strToU8(data) : data,
      { level: spec.store ? 0 : 6, mtime: new Date(2026, 0, 31, 12, 0, 0) },
    ];
  }
  return zipSync(zippable);
}

/** A row of cells: `row(3, '<c r="A3"><v>1</v></c>')`, with the attributes Excel writes on rows. */
export function row(r: number, cells: string, attrs = ""): string {
  return `<row r="${r}"${attrs} x14ac:dyDescent="0.25">${cells}</row>`;
}

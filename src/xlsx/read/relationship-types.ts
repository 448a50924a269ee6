/** Relationship types (ECMA-376 transitional, and Microsoft's for web extensions). */
const OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";
export const REL = {
  officeDocument: `${OFFICE}officeDocument`,
  worksheet: `${OFFICE}worksheet`,
  chartsheet: `${OFFICE}chartsheet`,
  dialogsheet: `${OFFICE}dialogsheet`,
  macrosheet: "http://schemas.microsoft.com/office/2006/relationships/xlMacrosheet",
  intlMacrosheet: "http://schemas.microsoft.com/office/2006/relationships/xlIntlMacrosheet",
  sharedStrings: `${OFFICE}sharedStrings`,
  styles: `${OFFICE}styles`,
  sheetMetadata: `${OFFICE}sheetMetadata`,
  calcChain: `${OFFICE}calcChain`,
  table: `${OFFICE}table`,
  webExtensionTaskpanes: "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes",
  webExtension: "http://schemas.microsoft.com/office/2011/relationships/webextension",
} as const;

/** The officeDocument relationship of a workbook saved as "Strict Open XML Spreadsheet" (ISO/IEC 29500 strict). */
export const STRICT_OFFICE_DOCUMENT = "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument";

export const CONTENT_TYPE = {
  sheetMetadata: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml",
  webExtension: "application/vnd.ms-office.webextension+xml",
  calcChain: "application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml",
} as const;

import { CONTENT_TYPE } from "../read/relationship-types";
import { escapeAttribute } from "../xml/entities";

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
export const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
export const R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types";

/** Content types of the parts the builder writes. */
const SPREADSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.";
export const TYPES = {
  workbook: `${SPREADSHEET}sheet.main+xml`,
  worksheet: `${SPREADSHEET}worksheet+xml`,
  styles: `${SPREADSHEET}styles+xml`,
  sharedStrings: `${SPREADSHEET}sharedStrings+xml`,
  table: `${SPREADSHEET}table+xml`,
  sheetMetadata: CONTENT_TYPE.sheetMetadata,
  core: "application/vnd.openxmlformats-package.core-properties+xml",
  extended: "application/vnd.openxmlformats-officedocument.extended-properties+xml",
  webExtension: CONTENT_TYPE.webExtension,
  taskpanes: "application/vnd.ms-office.webextensiontaskpanes+xml",
} as const;

export type Relationship = [id: string, type: string, target: string];

export function relationshipsXml(list: readonly Relationship[]): string {
  return (
    XML_HEADER +
    `<Relationships xmlns="${RELS_NS}">` +
    list
      .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${escapeAttribute(target)}"/>`)
      .join("") +
    "</Relationships>"
  );
}

/** [Content_Types].xml: defaults for relationships and plain XML, an override for every other part. */
export function contentTypesXml(overrides: ReadonlyMap<string, string>): string {
  return (
    XML_HEADER +
    `<Types xmlns="${TYPES_NS}"><Default Extension="rels" ` +
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    [...overrides].map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`).join("") +
    "</Types>"
  );
}

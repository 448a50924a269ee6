import { DYNAMIC_ARRAY_EXT_URI, XLDAPR } from "../read/dynamic-array-metadata";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const XDA = "http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray";
/** The XLDAPR metadata type as Excel 365 declares it. */
const TYPE_ATTRIBUTES =
  'minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" ' +
  'clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"';

/** xl/metadata.xml as Excel 365 writes it for a workbook whose only cell metadata is the dynamic-array flag. */
export function newMetadataPart(): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    `<metadata xmlns="${MAIN}" xmlns:xda="${XDA}"><metadataTypes count="1"><metadataType name="${XLDAPR}" ${TYPE_ATTRIBUTES}/>` +
    `</metadataTypes><futureMetadata name="${XLDAPR}" count="1"><bk><extLst><ext uri="${DYNAMIC_ARRAY_EXT_URI}">` +
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
  );
}

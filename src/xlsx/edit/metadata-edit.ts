import { CONTENT_TYPE, REL } from "../read/relationship-types";
import { DYNAMIC_ARRAY_EXT_URI, XLDAPR } from "../read/dynamic-array-metadata";
import type { WorkbookInternals } from "../workbook-file";
import { attr, child, children, parseXml, prefixOf, type XmlElement } from "../xml/dom";
import { applySplices, setAttribute, type Splice } from "../xml/splice";
import type { PackageEdits } from "./package-edits";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const XDA = "http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray";
/** The XLDAPR metadata type as Excel 365 declares it. */
const TYPE_ATTRIBUTES =
  'minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" ' +
  'clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"';
const DYNAMIC_BK = (p: string) =>
  `<${p}bk><${p}extLst><${p}ext uri="${DYNAMIC_ARRAY_EXT_URI}"><xda:dynamicArrayProperties xmlns:xda="${XDA}" ` +
  `fDynamic="1" fCollapsed="0"/></${p}ext></${p}extLst></${p}bk>`;

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

function countSplice(text: string, el: XmlElement, count: number): Splice {
  return setAttribute(text, el.attrs, el.openEnd, "count", String(count));
}

/** Appends `insert` inside a container element (expanding `<x/>` to `<x>…</x>`). */
function appendInside(text: string, el: XmlElement, insert: string, count: number): Splice {
  if (el.openEnd !== el.end) return { start: el.closeStart, end: el.closeStart, insert };
  const tag = text.slice(el.start, el.openEnd).replace(/\s*\/>$/, ">");
  const counted = /\bcount="/.test(tag)
    ? tag.replace(/\bcount="[^"]*"/, `count="${count}"`)
    : tag.replace(/>$/, ` count="${count}">`);
  return { start: el.start, end: el.end, insert: `${counted}${insert}</${el.name}>` };
}

/** Adds the dynamic-array cell metadata to an existing metadata part; returns its text and the `cm` to use. */
function extendMetadata(text: string, part: string): { text: string; cm: number } {
  const root = parseXml(text, `the cell metadata (${part})`, part);
  const p = prefixOf(root);
  const splices: Splice[] = [];
  const typesEl = child(root, "metadataTypes");
  const types = typesEl ? children(typesEl, "metadataType") : [];
  let t = types.findIndex((x) => attr(x, "name") === XLDAPR) + 1;
  const typeXml = `<${p}metadataType name="${XLDAPR}" ${TYPE_ATTRIBUTES}/>`;
  if (!t) {
    t = types.length + 1;
    if (typesEl) {
      const s = appendInside(text, typesEl, typeXml, t);
      splices.push(s);
      if (typesEl.openEnd !== typesEl.end) splices.push(countSplice(text, typesEl, t));
    } else
      splices.push({
        start: root.openEnd,
        end: root.openEnd,
        insert: `<${p}metadataTypes count="1">${typeXml}</${p}metadataTypes>`,
      });
  }
  const futures = children(root, "futureMetadata");
  const future = futures.find((f) => attr(f, "name") === XLDAPR);
  let v = 0;
  const afterFutures = futures.length ? futures[futures.length - 1].end : (typesEl?.end ?? root.openEnd);
  if (future) {
    v = children(future, "bk").length;
    splices.push(appendInside(text, future, DYNAMIC_BK(p), v + 1));
    if (future.openEnd !== future.end) splices.push(countSplice(text, future, v + 1));
  } else {
    splices.push({
      start: afterFutures,
      end: afterFutures,
      insert: `<${p}futureMetadata name="${XLDAPR}" count="1">${DYNAMIC_BK(p)}</${p}futureMetadata>`,
    });
  }
  const cellMetadata = child(root, "cellMetadata");
  const bk = `<${p}bk><${p}rc t="${t}" v="${v}"/></${p}bk>`;
  let cm: number;
  if (cellMetadata) {
    cm = children(cellMetadata, "bk").length + 1;
    splices.push(appendInside(text, cellMetadata, bk, cm));
    if (cellMetadata.openEnd !== cellMetadata.end) splices.push(countSplice(text, cellMetadata, cm));
  } else {
    cm = 1;
    splices.push({
      start: afterFutures,
      end: afterFutures,
      insert: `<${p}cellMetadata count="1">${bk}</${p}cellMetadata>`,
    });
  }
  return { text: applySplices(text, splices), cm };
}

/**
 * The `cm` that marks a cell as a dynamic array, adding what the workbook lacks for it: the XLDAPR records in an
 * existing metadata part, or the part itself with its relationship and content type ([MS-XLSX], dynamic arrays).
 */
export function ensureDynamicArrayCm(internals: WorkbookInternals, edits: PackageEdits): number {
  if (internals.dynamicArrayCm.size) return Math.min(...internals.dynamicArrayCm);
  if (internals.metadataPart) {
    const { text, cm } = extendMetadata(edits.text(internals.metadataPart), internals.metadataPart);
    edits.set(internals.metadataPart, text);
    return cm;
  }
  const folder = internals.workbookPart.slice(0, internals.workbookPart.lastIndexOf("/") + 1);
  let part = `${folder}metadata.xml`;
  for (let n = 2; edits.exists(part); n++) part = `${folder}metadata${n}.xml`;
  edits.add(part, newMetadataPart());
  edits.addRelationship(internals.workbookPart, REL.sheetMetadata, part);
  edits.addContentType(part, CONTENT_TYPE.sheetMetadata);
  return 1;
}

import { REL } from "../read/relationship-types";
import { escapeAttribute } from "../xml/entities";
import type { NewAddin } from "./new-workbook";
import { R_NS, relationshipsXml, XML_HEADER } from "./xml-parts";

const WE_NS = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11";
const WETP_NS = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11";
/** The instance id Excel gives the add-in's part (any GUID; one fixed here so the same workbook gives the same bytes). */
const INSTANCE_ID = "{5E1D6C2A-3B4F-4A8E-9C7D-2F0A1B3C4D5E}";

/**
 * The parts Excel saves for a web add-in whose pane is open: `xl/webextensions/webextension1.xml` (the add-in
 * reference and its document settings, each `<we:property>` value the setting's JSON text) and the task pane list
 * that shows it (`taskpanes.xml`, with its relationships), as the `src/xlsx` reader reads them back.
 */
export function webExtensionParts(addin: NewAddin): Record<string, string> {
  const properties = Object.entries(addin.settings)
    .map(([name, json]) => `<we:property name="${escapeAttribute(name)}" value="${escapeAttribute(json)}"/>`)
    .join("");
  return {
    "xl/webextensions/webextension1.xml":
      XML_HEADER +
      `<we:webextension xmlns:we="${WE_NS}" id="${INSTANCE_ID}">` +
      `<we:reference id="${escapeAttribute(addin.referenceId)}" version="${escapeAttribute(addin.version ?? "1.0.0.0")}" ` +
      'store="developer" storeType="Registry"/><we:alternateReferences/>' +
      `<we:properties>${properties}</we:properties><we:bindings/><we:snapshot xmlns:r="${R_NS}"/></we:webextension>`,
    "xl/webextensions/taskpanes.xml":
      XML_HEADER +
      `<wetp:taskpanes xmlns:wetp="${WETP_NS}"><wetp:taskpane dockstate="right" visibility="1" width="350" row="4">` +
      `<wetp:webextensionref xmlns:r="${R_NS}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>`,
    "xl/webextensions/_rels/taskpanes.xml.rels": relationshipsXml([["rId1", REL.webExtension, "webextension1.xml"]]),
  };
}

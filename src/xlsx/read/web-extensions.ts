import type { OpcPackage } from "../package/opc-package";
import type { WebExtension } from "../model/workbook-types";
import { attr, child, children, prefixedAttr } from "../xml/dom";
import { CONTENT_TYPE, REL } from "./relationship-types";
import { unreadable } from "./sheet-context";

/**
 * Office add-ins stored in the workbook (Microsoft's web-extension parts, `xl/webextensions/webextension*.xml`):
 * which add-in each is, its property bag (`<we:property name value>`, where Office.js keeps an add-in's document
 * settings, each value the setting's JSON text), and the task pane that shows it, if any.
 */
export function readWebExtensions(pkg: OpcPackage, typeOf: (part: string) => string | undefined): WebExtension[] {
  const panes = new Map<string, NonNullable<WebExtension["taskpane"]>>();
  for (const r of pkg.relationships("")) {
    if (r.type !== REL.webExtensionTaskpanes || !r.part || !pkg.has(r.part)) continue;
    const rels = new Map(pkg.relationships(r.part).map((x) => [x.id, x]));
    for (const pane of children(pkg.xml(r.part, `the add-in task panes (${r.part})`), "taskpane")) {
      const ref = child(pane, "webextensionref");
      const target = ref && rels.get(prefixedAttr(ref, "id") ?? "")?.part;
      if (!target) continue;
      const width = attr(pane, "width");
      panes.set(target.toLowerCase(), {
        dockState: attr(pane, "dockstate"),
        visible: ["1", "true"].includes(attr(pane, "visibility") ?? ""),
        ...(width !== undefined ? { width: Number(width) } : {}),
      });
    }
  }
  return pkg
    .partNames()
    .filter((p) => typeOf(p) === CONTENT_TYPE.webExtension)
    .map((part) => {
      const where = { where: `the add-in part ${part}`, part };
      const root = pkg.xml(part, where.where);
      if (root.local !== "webextension") throw unreadable(where, `it holds <${root.name}>`);
      const reference = child(root, "reference");
      const properties = child(root, "properties");
      const ext: WebExtension = {
        part,
        id: attr(root, "id") ?? "",
        reference: {
          id: (reference && attr(reference, "id")) ?? "",
          version: (reference && attr(reference, "version")) ?? "",
          store: (reference && attr(reference, "store")) ?? "",
          storeType: (reference && attr(reference, "storeType")) ?? "",
        },
        properties: (properties ? children(properties, "property") : []).map((p) => ({
          name: attr(p, "name") ?? "",
          value: attr(p, "value") ?? "",
        })),
      };
      const pane = panes.get(part.toLowerCase());
      if (pane) ext.taskpane = pane;
      return ext;
    });
}

import { attr, child, children, parseXml, prefixOf } from "../xml/dom";
import { escapeAttribute } from "../xml/entities";
import { applySplices, setAttribute, type Splice } from "../xml/splice";

/**
 * Sets (a string) or removes (null) properties of a web-extension part's property bag, leaving every other property,
 * the add-in reference, bindings and snapshot as they were. A new property goes at the end of `<we:properties>`,
 * which is created after the references when the part has none.
 */
export function editWebExtension(text: string, part: string, changes: ReadonlyMap<string, string | null>): string {
  const root = parseXml(text, `the add-in part ${part}`, part);
  const p = prefixOf(root);
  const properties = child(root, "properties");
  const existing = properties ? children(properties, "property") : [];
  const splices: Splice[] = [];
  const added: string[] = [];
  for (const [name, value] of changes) {
    const found = existing.filter((e) => attr(e, "name") === name);
    if (value === null) found.forEach((e) => splices.push({ start: e.start, end: e.end, insert: "" }));
    else if (found.length) found.forEach((e) => splices.push(setAttribute(text, e.attrs, e.openEnd, "value", value)));
    else added.push(`<${p}property name="${escapeAttribute(name)}" value="${escapeAttribute(value)}"/>`);
  }
  if (added.length) {
    const insert = added.join("");
    if (properties && properties.openEnd !== properties.end) {
      splices.push({ start: properties.closeStart, end: properties.closeStart, insert });
    } else if (properties) {
      splices.push({
        start: properties.start,
        end: properties.end,
        insert: `<${p}properties>${insert}</${p}properties>`,
      });
    } else {
      const before = child(root, "alternateReferences") ?? child(root, "reference");
      const at = before ? before.end : root.openEnd;
      splices.push({ start: at, end: at, insert: `<${p}properties>${insert}</${p}properties>` });
    }
  }
  return applySplices(text, splices);
}

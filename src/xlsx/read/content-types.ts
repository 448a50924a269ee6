import type { OpcPackage } from "../package/opc-package";
import { attr, children } from "../xml/dom";

export const CONTENT_TYPES_PART = "[Content_Types].xml";

/** Part name → content type, from [Content_Types].xml's overrides and defaults by extension. */
export function contentTypes(pkg: OpcPackage): (part: string) => string | undefined {
  const root = pkg.xml(CONTENT_TYPES_PART, `the package's content types (${CONTENT_TYPES_PART})`);
  const overrides = new Map<string, string>();
  const defaults = new Map<string, string>();
  for (const o of children(root, "Override")) {
    overrides.set((attr(o, "PartName") ?? "").replace(/^\//, "").toLowerCase(), attr(o, "ContentType") ?? "");
  }
  for (const d of children(root, "Default")) {
    defaults.set((attr(d, "Extension") ?? "").toLowerCase(), attr(d, "ContentType") ?? "");
  }
  return (part) => {
    const key = part.toLowerCase();
    return overrides.get(key) ?? defaults.get(key.slice(key.lastIndexOf(".") + 1));
  };
}

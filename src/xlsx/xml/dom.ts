import { localName, XmlScanner, type XmlAttr } from "./scanner";

/** An element of a small part (workbook, relationships, tables…), with the offsets an edit needs. */
export interface XmlElement {
  name: string;
  local: string;
  attrs: XmlAttr[];
  /** Offset of `<`. */
  start: number;
  /** Offset just after the start tag's `>`. */
  openEnd: number;
  /** Offset of the end tag's `<` (equal to `end` for an empty element). */
  closeStart: number;
  /** Offset just after the element. */
  end: number;
  children: XmlElement[];
  /** The decoded text directly inside the element. */
  text: string;
}

/** Parses a whole part into elements (for parts that are small; sheets are read by `sheet-reader`). */
export function parseXml(text: string, where: string, part: string): XmlElement {
  const scanner = new XmlScanner(text, where, part);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (scanner.next()) {
    const top = stack[stack.length - 1];
    if (scanner.kind === "text") {
      if (top) top.text += scanner.textValue();
      continue;
    }
    if (scanner.kind === "close") {
      const done = stack.pop()!;
      done.closeStart = scanner.start;
      done.end = scanner.end;
      continue;
    }
    const el: XmlElement = {
      name: scanner.name,
      local: localName(scanner.name),
      attrs: scanner.attrs,
      start: scanner.start,
      openEnd: scanner.end,
      closeStart: scanner.end,
      end: scanner.end,
      children: [],
      text: "",
    };
    if (top) top.children.push(el);
    else root = el;
    if (scanner.kind === "open") stack.push(el);
  }
  return root!;
}

/** An unprefixed attribute's value ("ref", "name"). */
export function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** A prefixed attribute by local name, whatever the prefix ("r:id" as written by one tool, "d3p1:id" by another). */
export function prefixedAttr(el: XmlElement, local: string): string | undefined {
  return el.attrs.find((a) => a.name.includes(":") && localName(a.name) === local && !a.name.startsWith("xmlns"))
    ?.value;
}

export function child(el: XmlElement, local: string): XmlElement | undefined {
  return el.children.find((c) => c.local === local);
}

export function children(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.local === local);
}

/** The namespace of an element as declared on it (enough for a part's root, where the declarations live). */
export function declaredNamespace(el: XmlElement): string | undefined {
  const colon = el.name.indexOf(":");
  return attr(el, colon < 0 ? "xmlns" : `xmlns:${el.name.slice(0, colon)}`);
}

/** The prefix (with its colon) an element was written with, for writing siblings the same way: "" or "x:". */
export function prefixOf(el: XmlElement): string {
  const colon = el.name.indexOf(":");
  return colon < 0 ? "" : el.name.slice(0, colon + 1);
}

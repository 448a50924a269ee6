import { decodeXstring } from "../xml/entities";
import { localName, XmlScanner } from "../xml/scanner";

/**
 * The shared string table: each `<si>` as plain text (the runs of rich text joined; phonetic guides left out, as
 * Excel shows the cell).
 */
export function readSharedStrings(text: string, part: string): string[] {
  const scanner = new XmlScanner(text, `the shared strings (${part})`, part);
  const strings: string[] = [];
  const path: string[] = [];
  let current: string[] | null = null;
  while (scanner.next()) {
    if (scanner.kind === "text") {
      const top = path[path.length - 1];
      const parent = path[path.length - 2];
      if (current && top === "t" && (parent === "si" || (parent === "r" && path[path.length - 3] === "si"))) {
        current.push(scanner.textValue());
      }
      continue;
    }
    if (scanner.kind === "close") {
      if (path.pop() === "si" && path.length === 1) {
        strings.push(decodeXstring(current!.join("")));
        current = null;
      }
      continue;
    }
    const local = localName(scanner.name);
    if (local === "si" && path.length === 1) {
      current = [];
      if (scanner.kind === "empty") {
        strings.push("");
        current = null;
      }
    }
    if (scanner.kind === "open") path.push(local);
  }
  return strings;
}

/** A tiny XML reader for tests: elements, attributes, text, comments, declarations. Throws on malformed input. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function isNameChar(c: string): boolean {
  return (
    (c >= "a" && c <= "z") ||
    (c >= "A" && c <= "Z") ||
    (c >= "0" && c <= "9") ||
    c === ":" ||
    c === "_" ||
    c === "-" ||
    c === "."
  );
}

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\n" || c === "\r" || c === "\t";
}

function decode(text: string, at: number): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "&") {
      out += text[i];
      continue;
    }
    const end = text.indexOf(";", i);
    const entity = end < 0 ? "" : text.slice(i + 1, end);
    if (entity.startsWith("#"))
      out += String.fromCodePoint(Number(entity[1] === "x" ? `0${entity.slice(1)}` : entity.slice(1)));
    else if (entity in ENTITIES) out += ENTITIES[entity];
    else throw new Error(`unknown entity &${entity}; near ${at}`);
    i = end;
  }
  return out;
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}`);
  };
  const skipSpace = (): void => {
    while (isSpace(source[i])) i++;
  };
  const readName = (): string => {
    const start = i;
    while (i < source.length && isNameChar(source[i]!)) i++;
    if (i === start) fail("expected a name");
    return source.slice(start, i);
  };
  const skipUntil = (end: string): void => {
    const at = source.indexOf(end, i);
    if (at < 0) fail(`unterminated, expected ${end}`);
    i = at + end.length;
  };
  const skipMisc = (): void => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<?", i)) skipUntil("?>");
      else if (source.startsWith("<!--", i)) skipUntil("-->");
      else return;
    }
  };

  const readElement = (): XmlElement => {
    if (source[i] !== "<") fail("expected <");
    i++;
    const element: XmlElement = { name: readName(), attributes: {}, children: [], text: "" };
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", i)) {
        i += 2;
        return element;
      }
      if (source[i] === ">") {
        i++;
        break;
      }
      const attribute = readName();
      skipSpace();
      if (source[i] !== "=") fail(`expected = after ${attribute}`);
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail("expected a quoted value");
      const end = source.indexOf(quote!, i + 1);
      if (end < 0) fail("unterminated attribute value");
      if (attribute in element.attributes) fail(`duplicate attribute ${attribute}`);
      element.attributes[attribute] = decode(source.slice(i + 1, end), i);
      i = end + 1;
    }
    for (;;) {
      if (i >= source.length) fail(`unclosed <${element.name}>`);
      if (source.startsWith("<!--", i)) skipUntil("-->");
      else if (source.startsWith("</", i)) {
        i += 2;
        const name = readName();
        if (name !== element.name) fail(`</${name}> closes <${element.name}>`);
        skipSpace();
        if (source[i] !== ">") fail("expected >");
        i++;
        element.text = element.text.trim();
        return element;
      } else if (source[i] === "<") element.children.push(readElement());
      else {
        const next = source.indexOf("<", i);
        const end = next < 0 ? source.length : next;
        element.text += decode(source.slice(i, end), i);
        i = end;
      }
    }
  };

  skipMisc();
  const root = readElement();
  skipMisc();
  if (i < source.length) fail("content after the root element");
  return root;
}

/** Every element below (and including) `root`, depth first. */
export function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}

export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
}

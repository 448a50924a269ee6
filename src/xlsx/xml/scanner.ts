import { XlsxError } from "../errors";
import { BAD_AMPERSAND, decodeEntities } from "./entities";

export interface XmlAttr {
  /** Qualified name as written ("r:id"). */
  name: string;
  /** Decoded value. */
  value: string;
  /** Offsets in the document: the attribute's first character, its value between the quotes, and its end. */
  start: number;
  valueStart: number;
  valueEnd: number;
  end: number;
}

export type TokenKind = "open" | "close" | "empty" | "text";

/** Shared by every tag without attributes (most of a sheet's `<v>`s): never written to. */
const NO_ATTRIBUTES: XmlAttr[] = [];

/** Whitespace, and what ends a name: = / > " ' < (by char code: the scanner's hot loop). */
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
const endsName = (c: number) => isSpace(c) || c === 61 || c === 47 || c === 62 || c === 34 || c === 39 || c === 60;

/** "x:c" → "c". Workbook parts are matched by local name: writers differ in the prefixes they choose. */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * A strict, position-keeping XML tokenizer for workbook parts: start tags (with their attributes and offsets),
 * end tags, and text. It refuses what is not well-formed (unbalanced tags, unquoted or repeated attributes, stray
 * ampersands, text outside the root, a DTD), so an edit never lands in a part we misread. Comments and processing
 * instructions are skipped; CDATA is returned as text.
 */
export class XmlScanner {
  kind: TokenKind = "text";
  /** Qualified name of the tag. */
  name = "";
  start = 0;
  end = 0;
  attrs: XmlAttr[] = [];
  cdata = false;
  private pos = 0;
  private readonly stack: string[] = [];
  private sawRoot = false;

  constructor(
    readonly text: string,
    /** How the part is named in messages: `the sheet "Data" (xl/worksheets/sheet1.xml)`. */
    private readonly where: string,
    readonly part: string,
  ) {}

  get depth(): number {
    return this.stack.length;
  }

  /** Decoded text of the current text token. */
  textValue(): string {
    const raw = this.text.slice(this.start, this.end);
    if (this.cdata) return raw.slice(9, -3);
    return decodeEntities(raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw);
  }

  fail(detail: string, at = this.pos): never {
    const line = this.text.slice(0, at).split("\n").length;
    throw new XlsxError(
      "bad-xml",
      `${this.where} is not well-formed XML (${detail}, line ${line}). ` +
        "Open the file in Excel and save it again; nothing was written.",
      this.part,
    );
  }

  next(): boolean {
    const t = this.text;
    for (;;) {
      this.cdata = false;
      if (this.pos >= t.length) {
        if (this.stack.length) this.fail(`<${this.stack[this.stack.length - 1]}> is never closed`);
        if (!this.sawRoot) this.fail("no root element");
        return false;
      }
      this.start = this.pos;
      if (t.charCodeAt(this.pos) !== 60 /* < */) return this.readText();
      if (t.startsWith("<!--", this.pos)) this.skipPast("-->", "an unterminated comment");
      else if (t.startsWith("<?", this.pos)) this.skipPast("?>", "an unterminated processing instruction");
      else if (t.startsWith("<![CDATA[", this.pos)) {
        if (!this.stack.length) this.fail("CDATA outside the root element");
        this.skipPast("]]>", "an unterminated CDATA section");
        this.kind = "text";
        this.cdata = true;
        this.end = this.pos;
        return true;
      } else if (t.startsWith("<!", this.pos))
        this.fail("a document type declaration, which workbook parts never have");
      else if (t.charCodeAt(this.pos + 1) === 47 /* / */) return this.readClose();
      else return this.readOpen();
    }
  }

  private skipPast(marker: string, what: string): void {
    const at = this.text.indexOf(marker, this.pos);
    if (at < 0) this.fail(what);
    this.pos = at + marker.length;
  }

  private readText(): boolean {
    const next = this.text.indexOf("<", this.pos);
    this.end = next < 0 ? this.text.length : next;
    this.pos = this.end;
    this.kind = "text";
    const raw = this.text.slice(this.start, this.end);
    if (!this.stack.length && raw.trim()) this.fail("text outside the root element", this.start);
    if (raw.includes("&") && BAD_AMPERSAND.test(raw)) this.fail("an & that starts no valid reference", this.start);
    return true;
  }

  private readName(): string {
    const t = this.text;
    const from = this.pos;
    while (this.pos < t.length && !endsName(t.charCodeAt(this.pos))) this.pos++;
    const name = t.slice(from, this.pos);
    if (!name || /^[-.0-9]/.test(name)) this.fail("a missing or invalid name", from);
    return name;
  }

  private skipSpace(): boolean {
    const from = this.pos;
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
    return this.pos > from;
  }

  private readClose(): boolean {
    this.pos += 2;
    this.name = this.readName();
    this.skipSpace();
    if (this.text[this.pos] !== ">") this.fail(`a malformed end tag </${this.name}`);
    this.pos++;
    const open = this.stack.pop();
    if (open !== this.name) this.fail(open ? `</${this.name}> closes <${open}>` : `</${this.name}> closes nothing`);
    this.kind = "close";
    this.end = this.pos;
    return true;
  }

  private readOpen(): boolean {
    const t = this.text;
    if (!this.stack.length && this.sawRoot) this.fail("a second root element");
    this.pos++;
    this.name = this.readName();
    this.attrs = NO_ATTRIBUTES;
    for (;;) {
      const spaced = this.skipSpace();
      if (this.pos >= t.length) this.fail(`<${this.name} is cut short`);
      if (t[this.pos] === ">" || t.startsWith("/>", this.pos)) break;
      if (!spaced) this.fail(`attributes of <${this.name}> run together`);
      const attribute = this.readAttribute();
      if (this.attrs === NO_ATTRIBUTES) this.attrs = [attribute];
      else this.attrs.push(attribute);
    }
    const empty = t[this.pos] === "/";
    this.pos += empty ? 2 : 1;
    this.end = this.pos;
    this.kind = empty ? "empty" : "open";
    if (!empty) this.stack.push(this.name);
    this.sawRoot = true;
    return true;
  }

  private readAttribute(): XmlAttr {
    const t = this.text;
    const start = this.pos;
    const name = this.readName();
    this.skipSpace();
    if (t[this.pos] !== "=") this.fail(`the attribute ${name} has no value`);
    this.pos++;
    this.skipSpace();
    const quote = t[this.pos];
    if (quote !== '"' && quote !== "'") this.fail(`the value of ${name} is not quoted`);
    const valueStart = this.pos + 1;
    const valueEnd = t.indexOf(quote, valueStart);
    if (valueEnd < 0) this.fail(`the value of ${name} is never closed`);
    const raw = t.slice(valueStart, valueEnd);
    if (raw.includes("<")) this.fail(`the value of ${name} holds a <`, valueStart);
    if (raw.includes("&") && BAD_AMPERSAND.test(raw)) this.fail(`the value of ${name} holds an invalid &`, valueStart);
    if (this.attrs.some((a) => a.name === name)) this.fail(`the attribute ${name} is repeated`, start);
    this.pos = valueEnd + 1;
    const value = decodeEntities(/[\t\n\r]/.test(raw) ? raw.replace(/\r\n|[\t\n\r]/g, " ") : raw);
    return { name, value, start, valueStart, valueEnd, end: this.pos };
  }
}

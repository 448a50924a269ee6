import { decodeXstring, encodeXstring } from "../../../src/xlsx/xml/entities";
import { parseXml } from "../../../src/xlsx/xml/dom";
import { applySplices, setAttribute } from "../../../src/xlsx/xml/splice";

const parse = (text: string) => parseXml(text, "the part x.xml", "x.xml");

describe("the XML tokenizer refuses what is not well-formed", () => {
  test.each([
    ["<a><b></a>", "</a> closes <b>"],
    ["<a>", "<a> is never closed"],
    ["<a x=1/>", "the value of x is not quoted"],
    ['<a x="1" x="2"/>', "the attribute x is repeated"],
    ['<a x="1"y="2"/>', "attributes of <a> run together"],
    ["<a>&nbsp;</a>", "an & that starts no valid reference"],
    ['<a x="<"/>', "the value of x holds a <"],
    ["<a/><b/>", "a second root element"],
    ["text<a/>", "text outside the root element"],
    ["<a><!-- open </a>", "an unterminated comment"],
    ["", "no root element"],
    ["<a></b>", "</b> closes <a>"],
    ["<a x='1'", "<a is cut short"],
  ])("%s", (text, detail) => {
    expect(() => parse(text)).toThrow(`(${detail}, line 1)`);
  });

  test("the line of the fault is given", () => {
    expect(() => parse("<a>\n<b>\n</a>")).toThrow("line 3");
  });
});

describe("reading", () => {
  test("entities, character references, CDATA, comments, attribute normalisation", () => {
    const root = parse(
      '<?xml version="1.0"?><!-- c --><a v="x&#10;y\tz &amp; &quot;"><b>1 &lt; 2 &#x263A;</b><c><![CDATA[<raw>]]></c></a>',
    );
    expect(root.attrs[0].value).toBe('x\ny z & "');
    expect(root.children[0].text).toBe("1 < 2 ☺");
    expect(root.children[1].text).toBe("<raw>");
  });

  test("offsets let an attribute be set without touching the rest", () => {
    const text = "<a  x = 'it''s'  y=\"2\" ><b/></a>".replace("''", "&apos;");
    const root = parse(text);
    const out = applySplices(text, [
      setAttribute(text, root.attrs, root.openEnd, "x", "it's new"),
      setAttribute(text, root.attrs, root.openEnd, "z", "<3"),
    ]);
    expect(out).toBe('<a  x = \'it&apos;s new\'  y="2"  z="&lt;3"><b/></a>');
  });

  test("SpreadsheetML's _xHHHH_ escapes round trip", () => {
    for (const s of ["plain", "a\rb", "_x000D_ literal", "bell\u0007", "tab\tline\n"]) {
      expect(decodeXstring(encodeXstring(s))).toBe(s);
    }
    expect(encodeXstring("a\rb_x0041_")).toBe("a_x000D_b_x005F_x0041_");
  });
});

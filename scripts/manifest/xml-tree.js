// @ts-check
/**
 * manifest.xml as a tree of elements, read by fast-xml-parser (well-formedness checked by its validator first).
 * Used by the build (to derive the unified manifest) and by the offline manifest tests.
 */
const { XMLParser, XMLValidator } = require("fast-xml-parser");

/**
 * @typedef {{ name: string, attributes: Record<string, string>, children: XmlElement[], text: string }} XmlElement
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

/**
 * @param {string} source
 * @returns {XmlElement} the root element
 */
function parseXml(source) {
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new Error(`not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  const roots = toElements(parser.parse(source));
  if (roots.length !== 1) throw new Error(`expected one root element, found ${roots.length}`);
  return /** @type {XmlElement} */ (roots[0]);
}

/**
 * fast-xml-parser's ordered form (`[{ tag: [...children], ":@": {attributes} }, { "#text": ... }]`) as elements.
 * @param {Array<Record<string, unknown>>} nodes
 * @returns {XmlElement[]}
 */
function toElements(nodes) {
  /** @type {XmlElement[]} */
  const elements = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ":@");
    if (!name || name.startsWith("?") || name === "#text" || name === "#comment") continue;
    const inner = /** @type {Array<Record<string, unknown>>} */ (node[name]);
    const text = inner
      .filter((n) => "#text" in n)
      .map((n) => String(n["#text"]))
      .join("");
    elements.push({
      name,
      attributes: /** @type {Record<string, string>} */ (node[":@"] ?? {}),
      children: toElements(inner),
      text,
    });
  }
  return elements;
}

/**
 * The only child of `parent` named `name`; throws when there is none.
 * @param {XmlElement} parent
 * @param {string} name
 */
function child(parent, name) {
  const found = parent.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${parent.name}> has no <${name}>`);
  return found;
}

/**
 * Every element of the tree, depth first, the root included.
 * @param {XmlElement} root
 * @returns {XmlElement[]}
 */
function allElements(root) {
  return [root, ...root.children.flatMap(allElements)];
}

module.exports = { parseXml, child, allElements };

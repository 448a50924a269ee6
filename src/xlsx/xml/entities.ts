/** XML character references and the five predefined entities (workbook parts declare no others: they have no DTD). */
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g;
/** An ampersand that starts no valid reference. */
export const BAD_AMPERSAND = /&(?!(?:#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);)/;

export function decodeEntities(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(REFERENCE, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref] ?? whole;
    const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** Tabs and line breaks as references, so attribute-value normalisation cannot turn them into spaces. */
export function escapeAttribute(s: string): string {
  return s.replace(
    /[&<>"\t\n\r]/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c] ?? `#${c.charCodeAt(0)}`};`,
  );
}

/**
 * SpreadsheetML's own escape for characters XML 1.0 cannot carry (ECMA-376 Part 1, ST_Xstring): `_xHHHH_`, and
 * `_x005F_` for an underscore that would otherwise read as the start of one. Excel writes a carriage return as
 * `_x000D_` too.
 */
export function decodeXstring(s: string): string {
  if (!s.includes("_x")) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function encodeXstring(s: string): string {
  return s.replace(/_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000b-\u001f\ufffe\uffff]/g, (c) =>
    c === "_" ? "_x005F_" : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`,
  );
}

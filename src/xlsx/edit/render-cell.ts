import { MAX_CELL_CHARS } from "../../sheet";
import { XlsxError } from "../errors";
import { ERROR_VALUES, isCellError, type XlsxValue } from "../model/cell-types";
import type { CellLayout, ElementSpan } from "../read/sheet-layout";
import { encodeXstring, escapeText } from "../xml/entities";
import { applySplices, removeAttribute, setAttribute, type Splice } from "../xml/splice";
import type { CellWrite } from "./cell-write";

interface StoredValue {
  /** The cell's `t`, or null for a number (the default) or nothing. */
  t: string | null;
  inner: string;
}

/** How a value is stored: text inline (`inlineStr`) for a plain value, as a formula text result (`str`) otherwise. */
export function storedValue(value: XlsxValue, text: "inline" | "result", p: string, where: string): StoredValue {
  if (value === null) return text === "result" ? { t: "str", inner: `<${p}v></${p}v>` } : { t: null, inner: "" };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { t: "e", inner: `<${p}v>#NUM!</${p}v>` };
    return { t: null, inner: `<${p}v>${Object.is(value, -0) ? 0 : value}</${p}v>` };
  }
  if (typeof value === "boolean") return { t: "b", inner: `<${p}v>${value ? 1 : 0}</${p}v>` };
  if (isCellError(value)) {
    const error = ERROR_VALUES.find((e) => e === value.error);
    if (!error) throw new XlsxError("bad-value", `${where}: "${value.error}" is not an error value Excel knows.`);
    return { t: "e", inner: `<${p}v>${escapeText(error)}</${p}v>` };
  }
  if (value.length > MAX_CELL_CHARS) {
    throw new XlsxError(
      "bad-value",
      `${where}: a text of ${value.length.toLocaleString("en-US")} characters does not fit in a cell ` +
        `(Excel holds ${MAX_CELL_CHARS.toLocaleString("en-US")}); nothing was written.`,
    );
  }
  const escaped = escapeText(encodeXstring(value));
  if (text === "result") return { t: "str", inner: `<${p}v>${escaped}</${p}v>` };
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : "";
  return { t: "inlineStr", inner: `<${p}is><${p}t${space}>${escaped}</${p}t></${p}is>` };
}

/** A start tag with attributes set (a string) or removed (null), every other attribute kept as written. */
export function editStartTag(
  doc: string,
  span: ElementSpan,
  changes: Record<string, string | null>,
  empty: boolean,
): string {
  const splices: Splice[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) {
      const s = removeAttribute(doc, span.attrs, name);
      if (s) splices.push(s);
    } else splices.push(setAttribute(doc, span.attrs, span.openEnd, name, value));
  }
  const shifted = splices.map((s) => ({ start: s.start - span.start, end: s.end - span.start, insert: s.insert }));
  let tag = applySplices(doc.slice(span.start, span.openEnd), shifted);
  const wasEmpty = tag.endsWith("/>");
  if (empty && !wasEmpty) tag = `${tag.slice(0, -1).trimEnd()}/>`;
  if (!empty && wasEmpty) tag = `${tag.slice(0, -2).trimEnd()}>`;
  return tag;
}

function slice(doc: string, span: ElementSpan): string {
  return doc.slice(span.start, span.end);
}

/** The `<f>` of an anchor: as written, with a dynamic array's new range set. */
function anchorFormula(doc: string, layout: CellLayout, write: Extract<CellWrite, { kind: "anchor" }>): string {
  const f = layout.f!;
  if (write.ref === null) return slice(doc, f);
  const empty = f.openEnd === f.end;
  return editStartTag(doc, f, { ref: write.ref }, empty) + doc.slice(f.openEnd, f.end);
}

/**
 * The new text of a cell (`""` to remove it). An existing cell keeps its start tag as written, its other
 * attributes and its extension list; only `t`, `cm`, `vm` and what the write is about change.
 */
export function renderCell(
  doc: string,
  p: string,
  ref: string,
  write: CellWrite,
  layout?: CellLayout,
  where = ref,
): string {
  const stored =
    write.kind === "clear"
      ? { t: null, inner: "" }
      : storedValue(write.value, write.kind === "value" ? "inline" : "result", p, where);
  if (!layout) {
    if (write.kind === "clear" || (!stored.inner && write.kind === "value" && write.style === undefined)) return "";
    const style = write.kind === "value" && write.style ? ` s="${write.style}"` : "";
    const t = stored.t ? ` t="${stored.t}"` : "";
    return stored.inner ? `<${p}c r="${ref}"${style}${t}>${stored.inner}</${p}c>` : `<${p}c r="${ref}"${style}${t}/>`;
  }
  const el = layout.element;
  const others = layout.others.map((o) => slice(doc, o)).join("");
  const children = (write.kind === "anchor" ? anchorFormula(doc, layout, write) : "") + stored.inner + others;
  // A cell stored without its address (the format allows it) gets one, so cells added around it cannot move it.
  const changes: Record<string, string | null> = el.attrs.some((a) => a.name === "r") ? {} : { r: ref };
  changes.t = stored.t;
  changes.vm = null;
  // An anchor keeps its `cm` (the dynamic-array mark, or none for a legacy formula); any other write drops it.
  if (write.kind !== "anchor") changes.cm = null;
  const hasStyle = el.attrs.some((a) => a.name === "s" && a.value !== "0");
  if (write.kind === "value" && write.style && !hasStyle) changes.s = String(write.style);
  const keeps = el.attrs.some(
    (a) => !["r", "t", "cm", "vm", "s"].includes(a.name) || (a.name === "s" && a.value !== "0"),
  );
  if (!children && !keeps && !changes.s) return "";
  const tag = editStartTag(doc, el, changes, !children);
  const close = el.openEnd === el.end ? `</${el.name}>` : doc.slice(el.closeStart, el.end);
  return children ? `${tag}${children}${close}` : tag;
}

/** A few DOM helpers: the pane is plain TypeScript, no framework, and never assumes it owns `document`. */
import { knownTime } from "../../client";

type Child = Node | string | false | null | undefined;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

/**
 * `h(doc, "button", { class: "primary", onclick: run }, "Run")`. Keys starting with "on" become listeners;
 * "aria-*", "role", "for", "data-*" and "class" become attributes; the rest set properties (value, checked…).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (
      /^(aria-|data-|role$|class$|for$|type$|id$|name$|title$|hidden$|list$|autocomplete$|spellcheck$|inputmode$)/.test(
        key,
      )
    ) {
      el.setAttribute(key, value === true ? "" : String(value));
    } else (el as unknown as Record<string, unknown>)[key] = value;
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children)
    if (c !== false && c !== null && c !== undefined)
      parent.appendChild(typeof c === "string" ? parent.ownerDocument!.createTextNode(c) : c);
}

/** Replaces an element's children. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

let counter = 0;
/** Ids unique across mounts: the playground may mount the pane more than once in one page. */
export function uid(name: string): string {
  return `svc-${name}-${++counter}`;
}

/** A labelled field: label above, control below, optional hint tied with aria-describedby. */
export function field(doc: Document, label: string, control: HTMLElement, hint?: string): HTMLDivElement {
  control.id ||= uid("field");
  const wrap = h(doc, "div", { class: "svc-field" }, h(doc, "label", { for: control.id }, label), control);
  if (hint) {
    const hintEl = h(doc, "div", { class: "svc-hint", id: uid("hint") }, hint);
    control.setAttribute("aria-describedby", hintEl.id);
    wrap.appendChild(hintEl);
  }
  return wrap;
}

export function setVisible(el: HTMLElement, visible: boolean): void {
  el.hidden = !visible;
}

export function count(n: number | undefined): string {
  return n === undefined ? "?" : n.toLocaleString("en-US");
}

/** When a result expires: the date, or "not yet known" (absent, or the zero time the service sends meanwhile). */
export function expiryText(iso: string | undefined): string {
  return knownTime(iso) === undefined ? "not yet known" : when(iso);
}

/** A timestamp as local date and time, or "—". */
export function when(iso: string | undefined): string {
  if (!iso) return "—";
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

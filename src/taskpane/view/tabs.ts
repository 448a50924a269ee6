import { h, uid } from "./dom";

export interface Tab {
  label: string;
  panel: HTMLElement;
  /** Called each time the tab is shown (a panel that loads its code on first show). */
  onShow?: () => void;
}

/**
 * ARIA tabs (WAI-ARIA Authoring Practices): one tab stop, arrow keys/Home/End move between tabs, the
 * selected tab's panel is shown. Returns the tab list and a `select(index)` for code (e.g. "Run again").
 */
export function tabs(
  doc: Document,
  label: string,
  items: readonly Tab[],
): { list: HTMLElement; select(index: number, focus?: boolean): void } {
  const buttons = items.map((item) => {
    const id = uid("tab");
    item.panel.id ||= uid("panel");
    item.panel.setAttribute("role", "tabpanel");
    item.panel.setAttribute("aria-labelledby", id);
    item.panel.tabIndex = 0;
    return h(doc, "button", { id, type: "button", role: "tab", "aria-controls": item.panel.id }, item.label);
  });
  const select = (index: number, focus = false): void => {
    buttons.forEach((b, i) => {
      const on = i === index;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
      items[i]!.panel.hidden = !on;
      if (on) items[i]!.onShow?.();
    });
    if (focus) buttons[index]!.focus();
  };
  buttons.forEach((b, i) => {
    b.addEventListener("click", () => select(i));
    b.addEventListener("keydown", (e: KeyboardEvent) => {
      const last = buttons.length - 1;
      const to = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      select(to, true);
    });
  });
  select(0);
  return { list: h(doc, "div", { role: "tablist", "aria-label": label }, ...buttons), select };
}

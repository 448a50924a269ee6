import { el } from "./html";

/** "refreshAll" → "Refresh All": the label a manifest would give an ExecuteFunction button. */
export function actionLabel(actionId: string): string {
  const words = actionId
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim();
  return words.replace(/\b\w/g, (ch) => ch.toUpperCase());
}

/**
 * An Office-like title bar and ribbon. The add-in's group lists the commands its bundle associated with
 * `Office.actions.associate`; a click runs them as Excel does (the button is busy until event.completed()).
 */
export class Ribbon {
  private readonly group = el("div", { class: "pg-ribbon-group-buttons" });
  private readonly paneToggle = el(
    "button",
    { class: "pg-ribbon-button", "data-action": "toggle-pane", "aria-pressed": "true" },
    [el("span", { class: "pg-icon pg-icon-pane", "aria-hidden": "true" }), el("span", { text: "Show Task Pane" })],
  );
  readonly element = el("header", { class: "pg-chrome" }, [
    el("div", { class: "pg-titlebar" }, [
      el("span", { class: "pg-app-mark", text: "X", "aria-hidden": "true" }),
      el("span", { class: "pg-title", text: "Book1 - Excel (playground)" }),
      el("span", { class: "pg-title-note", text: "In-browser emulation of Excel's Office.js and custom functions" }),
    ]),
    el(
      "nav",
      { class: "pg-ribbon-tabs" },
      ["File", "Home", "Insert", "Formulas", "Data", "Service"].map((t) =>
        el("span", { class: t === "Service" ? "pg-ribbon-tab pg-on" : "pg-ribbon-tab", text: t }),
      ),
    ),
    el("div", { class: "pg-ribbon" }, [
      el("div", { class: "pg-ribbon-group" }, [
        this.group,
        el("div", { class: "pg-ribbon-group-label", text: "Service" }),
      ]),
    ]),
  ]);
  onAction?: (actionId: string) => Promise<void>;
  onTogglePane?: () => boolean;

  constructor() {
    this.paneToggle.addEventListener("click", () => {
      const shown = this.onTogglePane?.() ?? true;
      this.paneToggle.setAttribute("aria-pressed", String(shown));
    });
  }

  render(actionIds: readonly string[]): void {
    const buttons = actionIds.map((id) => {
      const button = el("button", { class: "pg-ribbon-button", "data-action": id }, [
        el("span", { class: "pg-icon pg-icon-refresh", "aria-hidden": "true" }),
        el("span", { text: actionLabel(id) }),
      ]);
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-busy") === "true") return;
        button.setAttribute("aria-busy", "true");
        void (this.onAction?.(id) ?? Promise.resolve()).finally(() => button.setAttribute("aria-busy", "false"));
      });
      return button;
    });
    this.group.replaceChildren(...buttons, this.paneToggle);
  }
}

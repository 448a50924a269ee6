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
  /** The File tab: opens the backstage view (`file-tab.ts`). */
  readonly fileTab = el("button", {
    class: "pg-ribbon-tab",
    "data-tab": "File",
    "aria-haspopup": "dialog",
    text: "File",
  });
  /** Formulas → Calculation: Calculate Now (F9) and Calculate Full (Ctrl+Alt+F9); see host/calculation.ts. */
  readonly calculation = el("div", { class: "pg-ribbon-group", "data-group": "calculation" }, [
    el("div", { class: "pg-ribbon-group-buttons" }, [
      el("button", { class: "pg-ribbon-button", "data-action": "calculate-now", title: "Calculate Now (F9)" }, [
        el("span", { text: "Calculate Now" }),
      ]),
      el(
        "button",
        { class: "pg-ribbon-button", "data-action": "calculate-full", title: "Calculate Full (Ctrl+Alt+F9)" },
        [el("span", { text: "Calculate Full" })],
      ),
    ]),
    el("div", { class: "pg-ribbon-group-label", text: "Calculation" }),
  ]);
  readonly titleBar = el("div", { class: "pg-titlebar" }, [
    el("span", { class: "pg-app-mark", text: "X", "aria-hidden": "true" }),
    el("span", { class: "pg-title", text: "Book1 - Excel (playground)" }),
    el("span", { class: "pg-title-note", text: "In-browser emulation of Excel's Office.js and custom functions" }),
  ]);
  readonly element = el("header", { class: "pg-chrome" }, [
    this.titleBar,
    el("nav", { class: "pg-ribbon-tabs" }, [
      this.fileTab,
      ...["Home", "Insert", "Formulas", "Data", "Service"].map((t) =>
        el("span", { class: t === "Service" ? "pg-ribbon-tab pg-on" : "pg-ribbon-tab", text: t }),
      ),
    ]),
    el("div", { class: "pg-ribbon" }, [
      el("div", { class: "pg-ribbon-group" }, [
        this.group,
        el("div", { class: "pg-ribbon-group-label", text: "Service" }),
      ]),
      this.calculation,
    ]),
  ]);
  onAction?: (actionId: string) => Promise<void>;
  onTogglePane?: () => boolean;
  onCalculate?: (kind: "now" | "full") => void;

  constructor() {
    for (const kind of ["now", "full"] as const) {
      this.calculation
        .querySelector(`[data-action=calculate-${kind}]`)
        ?.addEventListener("click", () => this.onCalculate?.(kind));
    }
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

import { el } from "./html";

/** "refreshAll" → "Refresh All": the label a manifest would give an ExecuteFunction button. */
export function actionLabel(actionId: string): string {
  const words = actionId
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim();
  return words.replace(/\b\w/g, (ch) => ch.toUpperCase());
}

/** A ribbon button: an icon over a label, as Excel draws large buttons. */
export function ribbonButton(label: string, attrs: Record<string, string> = {}, icon = ""): HTMLButtonElement {
  return el("button", { class: "pg-ribbon-button", type: "button", ...attrs }, [
    el("span", { class: `pg-icon ${icon}`, "aria-hidden": "true" }),
    el("span", { text: label }),
  ]);
}

/** The ribbon's tabs in Excel's order; "service" is the add-in's own tab (its label is the add-in's group name). */
export const RIBBON_TABS = [
  ["file", "File"],
  ["home", "Home"],
  ["insert", "Insert"],
  ["formulas", "Formulas"],
  ["data", "Data"],
  ["service", "Service"],
] as const;

export type RibbonTabId = (typeof RIBBON_TABS)[number][0];

interface TabParts {
  button: HTMLButtonElement;
  panel: HTMLElement;
}

/**
 * An Office-like title bar and ribbon. Tabs are ARIA tabs (arrow keys move between them); a tab is shown only once
 * something has put a group on it (`addGroup`), or for File a backstage view (`setBackstage`), so no tab does
 * nothing. The add-in's tab lists the commands its bundle associated with `Office.actions.associate`; a click runs
 * them as Excel does (the button is busy until event.completed()).
 */
export class Ribbon {
  private readonly group = el("div", { class: "pg-ribbon-commands" });
  private readonly paneToggle = ribbonButton(
    "Show Task Pane",
    { "data-action": "toggle-pane", "aria-pressed": "true" },
    "pg-icon-pane",
  );
  private readonly tabList = el("div", { class: "pg-ribbon-tabs", role: "tablist", "aria-label": "Ribbon" });
  private readonly panels = el("div", { class: "pg-ribbon" });
  private readonly tabs = new Map<RibbonTabId, TabParts>();
  /** Opens the File tab's backstage view, once one is set (`setBackstage`). */
  private openBackstage?: () => void;
  /** The window's title bar (the AutoSave switch sits in it). */
  readonly titleBar = el("div", { class: "pg-titlebar" }, [
    el("span", { class: "pg-app-mark", text: "X", "aria-hidden": "true" }),
    el("span", { class: "pg-title", text: "Book1 - Excel (playground)" }),
    el("span", { class: "pg-title-note", text: "In-browser emulation of Excel's Office.js and custom functions" }),
  ]);
  readonly element = el("header", { class: "pg-chrome" }, [this.titleBar, this.tabList, this.panels]);
  onAction?: (actionId: string) => Promise<void>;
  onTogglePane?: () => boolean;

  /** Shows the pane if the user hid it, as the ribbon's own toggle would (`Office.addin.showAsTaskpane()`). */
  showPane(paneHidden: boolean): void {
    if (paneHidden) this.paneToggle.click();
  }

  constructor() {
    for (const [id, label] of RIBBON_TABS) this.makeTab(id, label);
    this.addGroup("service", "Service", [this.group]);
    this.select("service");
    this.paneToggle.addEventListener("click", () => {
      const shown = this.onTogglePane?.() ?? true;
      this.paneToggle.setAttribute("aria-pressed", String(shown));
    });
  }

  private makeTab(id: RibbonTabId, label: string): void {
    const button = el("button", {
      class: "pg-ribbon-tab",
      type: "button",
      role: "tab",
      id: `pg-ribbon-tab-${id}`,
      "aria-controls": `pg-ribbon-panel-${id}`,
      "data-tab": id,
      text: label,
    });
    const panel = el("div", {
      class: "pg-ribbon-panel",
      role: "tabpanel",
      id: `pg-ribbon-panel-${id}`,
      "aria-labelledby": button.id,
    });
    button.hidden = true;
    panel.hidden = true;
    button.addEventListener("click", () => (this.opensBackstage(id) ? this.openBackstage?.() : this.select(id)));
    button.addEventListener("keydown", (e) => this.tabKey(e, id));
    this.tabs.set(id, { button, panel });
    this.tabList.append(button);
    this.panels.append(panel);
  }

  private tabKey(e: KeyboardEvent, id: RibbonTabId): void {
    const shown = RIBBON_TABS.map(([t]) => t).filter((t) => !this.tabs.get(t)!.button.hidden);
    const i = shown.indexOf(id);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: shown.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = shown[(to + shown.length) % shown.length]!;
    // Arrowing onto File only focuses it (Enter or Space opens the backstage), as the ribbon's keyboard does in Excel.
    if (!this.opensBackstage(next)) this.select(next);
    this.tabs.get(next)!.button.focus();
  }

  private opensBackstage(id: RibbonTabId): boolean {
    return id === "file" && this.openBackstage !== undefined;
  }

  /**
   * Makes the File tab Excel's: it has no groups, it opens the backstage view (a dialog over the window) and is
   * shown from then on.
   */
  setBackstage(open: () => void): void {
    this.openBackstage = open;
    const { button } = this.tabs.get("file")!;
    button.setAttribute("aria-haspopup", "dialog");
    button.removeAttribute("aria-controls");
    button.hidden = false;
  }

  /** The File tab's button (the backstage gives the focus back to it, or to the grid). */
  get fileTab(): HTMLButtonElement {
    return this.tabs.get("file")!.button;
  }

  /** Shows a tab's groups. */
  select(id: RibbonTabId): void {
    for (const [tab, { button, panel }] of this.tabs) {
      const on = tab === id;
      button.setAttribute("aria-selected", String(on));
      button.classList.toggle("pg-on", on);
      button.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
    }
  }

  /** The selected tab's button: where F6 puts the focus in the ribbon. */
  get selectedTab(): HTMLButtonElement {
    return [...this.tabs.values()].find((t) => t.button.getAttribute("aria-selected") === "true")!.button;
  }

  /** Puts a labelled group of controls on a tab (which is then shown); returns the group. */
  addGroup(id: RibbonTabId, label: string, controls: HTMLElement[]): HTMLElement {
    const tab = this.tabs.get(id)!;
    const group = el("div", { class: "pg-ribbon-group", role: "group", "aria-label": label }, [
      el("div", { class: "pg-ribbon-group-buttons" }, controls),
      el("div", { class: "pg-ribbon-group-label", text: label, "aria-hidden": "true" }),
    ]);
    tab.panel.append(group);
    tab.button.hidden = false;
    return group;
  }

  /** Shows or hides a tab (one whose commands are unavailable); a hidden selected tab gives way to the add-in's. */
  showTab(id: RibbonTabId, on: boolean): void {
    const { button } = this.tabs.get(id)!;
    button.hidden = !on;
    if (!on && button.getAttribute("aria-selected") === "true") this.select("service");
  }

  /** The add-in's commands (its Service tab), drawn again whenever the add-in associates one. */
  render(actionIds: readonly string[]): void {
    const buttons = actionIds.map((id) => {
      const button = ribbonButton(actionLabel(id), { "data-action": id }, "pg-icon-refresh");
      button.addEventListener("click", () => void this.run(id, button));
      return button;
    });
    this.group.replaceChildren(...buttons, this.paneToggle);
  }

  /** Runs an add-in command from a button, which stays busy until the command completes. */
  async run(actionId: string, button: HTMLElement): Promise<void> {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    try {
      await this.onAction?.(actionId);
    } finally {
      button.setAttribute("aria-busy", "false");
    }
  }
}

import { systemClock } from "../../clock";
import { storeBehaviour } from "../behaviour/read-behaviour";
import { storeAutoSave } from "../host/auto-save-choice";
import { FileCommands } from "../host/file-commands";
import type { PlaygroundHost } from "../host/install-host";
import type { FileStatus } from "../host/workbook-file";
import { behaviourPanel } from "./behaviour-panel";
import { FileTab } from "./file-tab";
import { el } from "./html";
import { ribbonButton, type Ribbon } from "./ribbon";
import { SheetTabMenu } from "./sheet-tab-menu";
import type { SheetTabs } from "./sheet-tabs";
import type { StatusBar } from "./status-bar";

/** The parts of the window the file's controls live in. */
export interface FileChromeParts {
  element: HTMLElement;
  ribbon: Ribbon;
  tabs: SheetTabs;
  status: StatusBar;
  /** Shows a sheet (after a rename or delete: the one to show, or undefined for whatever is active). */
  showSheet(sheet: string | undefined): void;
  focusGrid(): void;
}

/** What the status bar says about the file. */
export function fileStatusText(status: FileStatus): { text: string; isError: boolean } {
  if (status.problem) return { text: status.problem, isError: true };
  if (status.warning) return { text: status.warning, isError: true };
  if (status.saving) return { text: "Saving…", isError: false };
  if (status.unsaved)
    return { text: status.autoSave ? "Saving…" : "Not saved (AutoSave is off: File → Save)", isError: false };
  if (status.savedAt) return { text: `Saved ${new Date(status.savedAt).toLocaleTimeString()}`, isError: false };
  return { text: "Not saved yet", isError: false };
}

/**
 * Wires the file's controls into the window: the AutoSave switch in the title bar, the File tab, the saving state
 * in the status bar, Formulas → Calculation (Calculate Now F9, Calculate Full Ctrl+Alt+F9), the sheet tabs' rename
 * and delete, and the notice when the workbook is open in another tab.
 */
export function wireFileChrome(host: PlaygroundHost, parts: FileChromeParts, scope: Window = window): FileTab {
  const { file, behaviour, sessions } = host;
  const autoSave = el("button", { class: "pg-autosave", role: "switch", "aria-label": "AutoSave" }, [
    el("span", { text: "AutoSave" }),
    el("span", { class: "pg-switch", "aria-hidden": "true" }),
  ]);
  const setAutoSave = (on: boolean) => {
    file.setAutoSave(on);
    storeAutoSave(scope.localStorage, on);
  };
  autoSave.addEventListener("click", () => setAutoSave(!file.autoSave));
  parts.ribbon.titleBar.insertBefore(autoSave, parts.ribbon.titleBar.children[1] ?? null);

  const commands = new FileCommands(file, host.workbook, () => scope.location.reload(), host.converter, {
    clock: systemClock,
    notes: scope.sessionStorage,
  });
  const options = behaviourPanel(behaviour, (current) => storeBehaviour(scope.localStorage, current));
  const tab = new FileTab(commands, scope.location.origin, options, setAutoSave);
  tab.onMessage = (text, isError) => parts.status.say(text, isError);
  tab.onClose = () => parts.focusGrid();
  parts.element.append(tab.element);
  parts.ribbon.setBackstage(() => tab.open());

  const show = (status: FileStatus) => {
    autoSave.setAttribute("aria-checked", String(status.autoSave));
    const { text, isError } = fileStatusText(status);
    parts.status.fileState(text, isError);
    tab.update(status);
  };
  file.onStatus(show);
  show(file.status);

  addCalculationGroup(parts.ribbon, host);
  parts.element.addEventListener("keydown", (e) => {
    if (e.key !== "F9") return;
    e.preventDefault();
    if (e.ctrlKey && e.altKey) host.calculateFull();
    else host.calculateNow();
  });
  // Ctrl+S saves (with AutoSave on too, as in Excel).
  parts.element.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
      e.preventDefault();
      void file.save();
    }
  });

  const menu = new SheetTabMenu(
    host.run,
    host.workbook,
    (text, isError) => parts.status.say(text, isError),
    (sheet) => parts.showSheet(sheet),
  );
  parts.tabs.onRename = (sheet, element) => menu.rename(sheet, element);
  parts.tabs.onMenu = (sheet, element, at) => menu.open(sheet, element, at);

  sessions.onOthers((count) => {
    if (count > 0)
      parts.status.say(
        "This workbook is also open in another tab: the last tab to save keeps its cells (edits are not merged " +
          "between tabs), and the last to save settings wins, as between co-authors in Excel.",
        true,
      );
  });
  return tab;
}

/** Formulas → Calculation: Calculate Now (F9) and Calculate Full (Ctrl+Alt+F9); see host/calculation.ts. */
function addCalculationGroup(ribbon: Ribbon, host: Pick<PlaygroundHost, "calculateNow" | "calculateFull">): void {
  const now = ribbonButton(
    "Calculate Now",
    { "data-action": "calculate-now", title: "Calculate Now (F9)" },
    "pg-icon-calculate",
  );
  const full = ribbonButton(
    "Calculate Full",
    { "data-action": "calculate-full", title: "Calculate Full (Ctrl+Alt+F9)" },
    "pg-icon-calculate",
  );
  now.addEventListener("click", () => host.calculateNow());
  full.addEventListener("click", () => host.calculateFull());
  ribbon.addGroup("formulas", "Calculation", [now, full]);
}

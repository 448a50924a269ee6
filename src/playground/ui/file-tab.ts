import { downloadFormats } from "../host/download-formats";
import { FILE_BUSY, XLSX_LIMITS, type FileCommands } from "../host/file-commands";
import type { FileProgress } from "../host/file-progress";
import type { FileStatus } from "../host/workbook-file";
import { FileProgressView } from "./file-progress-view";
import { el } from "./html";

type Page = "info" | "save" | "download" | "open" | "new" | "options";

/**
 * Excel's File tab (backstage view): Info (where the workbook is kept, whether it is saved), New, Open, Save,
 * Download, Options (the Excel behaviour settings, `behaviour-panel.ts`). Escape or "Back" returns to the sheet.
 */
export class FileTab {
  private readonly body = el("div", { class: "pg-backstage-body" });
  private readonly nav = el("nav", { class: "pg-backstage-nav", "aria-label": "File" });
  readonly element = el("div", { class: "pg-backstage", role: "dialog", "aria-label": "File", hidden: "" }, [
    this.nav,
    this.body,
  ]);
  private page: Page = "info";
  private status: FileStatus | undefined;
  /** Open's and Download's progress, kept while the user moves between pages. */
  private readonly progress = new FileProgressView();
  /** An Open or a Download is running (from the click, before its conversion starts too). */
  private working = false;
  /** Said back to the user (status bar). */
  onMessage?: (text: string, isError: boolean) => void;
  onClose?: () => void;

  constructor(
    private readonly commands: FileCommands,
    private readonly where: string,
    private readonly optionsPanel: HTMLElement,
    private readonly setAutoSave: (on: boolean) => void,
  ) {
    const pages: [Page | "back", string][] = [
      ["back", "← Back"],
      ["info", "Info"],
      ["new", "New"],
      ["open", "Open"],
      ["save", "Save"],
      ["download", "Download"],
      ["options", "Options"],
    ];
    for (const [page, label] of pages) {
      const button = el("button", { "data-page": page, text: label });
      button.addEventListener("click", () => (page === "back" ? this.close() : this.show(page)));
      this.nav.append(button);
    }
    this.element.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.close();
    });
  }

  open(page: Page = "info"): void {
    this.element.hidden = false;
    this.show(page);
    (this.nav.querySelector(`[data-page=${page}]`) as HTMLElement | null)?.focus();
  }

  close(): void {
    this.element.hidden = true;
    this.onClose?.();
  }

  /** The file's state changed: Info and Save show it. */
  update(status: FileStatus): void {
    this.status = status;
    if (!this.element.hidden && (this.page === "info" || this.page === "save")) this.show(this.page);
  }

  private show(page: Page): void {
    this.page = page;
    for (const b of this.nav.querySelectorAll("button"))
      b.setAttribute("aria-current", String(b.dataset.page === page));
    this.body.replaceChildren(...this.render(page));
  }

  private render(page: Page): Node[] {
    const status = this.status;
    const autoSave = el("label", {}, [
      el("input", {
        type: "checkbox",
        "data-setting": "autosave",
        ...(status?.autoSave !== false ? { checked: "" } : {}),
      }),
      " AutoSave (a moment after each change, as for a workbook on OneDrive)",
    ]);
    autoSave
      .querySelector("input")
      ?.addEventListener("change", (e) => this.setAutoSave((e.target as HTMLInputElement).checked));
    switch (page) {
      case "info":
        return [
          el("h2", { text: "Info" }),
          el("p", {
            text: `This workbook is kept in this browser (IndexedDB) for ${this.where}. ${savedText(status)}`,
          }),
          el("p", {
            text:
              "Browsers keep storage per address: the same page served on another port starts with another workbook. " +
              "npm start serves the playground on a stable port (3100) so that the workbook is found again after a restart.",
          }),
          autoSave,
        ];
      case "save": {
        const save = el("button", { "data-command": "save", text: "Save" });
        save.addEventListener("click", () => void this.save());
        return [el("h2", { text: "Save" }), el("p", { text: savedText(status) }), save, autoSave];
      }
      case "download":
        return [
          el("h2", { text: "Download a copy" }),
          el("p", { text: `Excel workbook: ${XLSX_LIMITS}` }),
          ...downloadFormats().map((format) => {
            const button = el("button", { "data-format": format.id, text: format.label });
            if (this.working) button.setAttribute("disabled", "");
            if (!format.write) {
              button.setAttribute("disabled", "");
              button.dataset.unavailable = "";
              button.textContent = `${format.label} (${format.pending ?? "not available"})`;
            }
            button.addEventListener("click", () => void this.download(format.id));
            return el("p", {}, [button]);
          }),
          this.progress.element,
        ];
      case "open": {
        const input = el("input", {
          type: "file",
          accept: ".xlsx,.xlsm,.json,application/json",
          "aria-label": "Workbook file",
          "data-open": "",
          ...(this.working ? { disabled: "" } : {}),
        });
        input.addEventListener("change", () => void this.openFile(input.files?.[0]));
        return [
          el("h2", { text: "Open" }),
          el("p", {
            text:
              "Opens an Excel workbook (.xlsx, .xlsm) or a playground workbook (.json, as File → Download writes it) " +
              "in place of this one.",
          }),
          el("p", { text: `From an Excel workbook: ${XLSX_LIMITS}` }),
          input,
          this.progress.element,
        ];
      }
      case "new": {
        const button = el("button", { "data-command": "new", text: "Blank workbook" });
        button.addEventListener("click", () => void this.newWorkbook());
        return [
          el("h2", { text: "New" }),
          el("p", { text: "Starts an empty workbook in place of this one (download this one first to keep a copy)." }),
          button,
        ];
      }
      case "options":
        return [el("h2", { text: "Options: Excel behaviour" }), this.optionsPanel];
    }
  }

  private async save(): Promise<void> {
    const saved = await this.commands.save();
    if (saved) this.onMessage?.("Saved.", false);
  }

  /**
   * Runs an Open or a Download with its progress shown and the page's file controls disabled until it ends: a second
   * click meanwhile starts nothing. The conversion runs in the page's file worker, so the sheet stays usable.
   */
  private async running(first: FileProgress, work: () => Promise<void>): Promise<void> {
    if (this.working) {
      this.onMessage?.(FILE_BUSY, true);
      return;
    }
    this.working = true;
    this.progress.show(first);
    // The clicked control is about to be disabled, which would drop the focus out of the File tab (Escape would no
    // longer reach it): the progress takes the focus meanwhile (a screen reader reads it), then gives it back.
    const focused = document.activeElement;
    const inside = focused instanceof HTMLElement && this.body.contains(focused);
    this.syncControls();
    if (inside) this.progress.element.focus();
    try {
      await work();
    } finally {
      this.working = false;
      this.syncControls();
      if (inside && document.activeElement === this.progress.element) focused.focus();
      this.progress.hide();
    }
  }

  /** The Open and Download pages' controls follow `working` (in place: the focus stays where it is). */
  private syncControls(): void {
    for (const control of this.body.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
      "[data-format], [data-open]",
    )) {
      const unavailable = control.dataset.format !== undefined && control.dataset.unavailable !== undefined;
      control.disabled = this.working || unavailable;
    }
  }

  private async download(formatId: string): Promise<void> {
    await this.running({ text: "Collecting the workbook…", fraction: 0 }, async () => {
      try {
        const { name, blob } = await this.commands.download(formatId, (p) => this.progress.show(p));
        const url = URL.createObjectURL(blob);
        const a = el("a", { href: url, download: name });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        this.onMessage?.(
          formatId === "xlsx" ? `Downloaded ${name}. Not in it: cell styles and column widths.` : `Downloaded ${name}.`,
          false,
        );
      } catch (error) {
        this.onMessage?.((error as Error).message, true);
      }
    });
  }

  private async openFile(file: File | undefined): Promise<void> {
    if (!file || this.working) return;
    if (!window.confirm(`Open ${file.name} in place of this workbook? What is on screen now is not kept.`)) return;
    await this.running({ text: `Reading ${file.name}…`, fraction: 0 }, async () => {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        await this.commands.open(bytes, file.name, (p) => this.progress.show(p));
      } catch (error) {
        this.onMessage?.(`${file.name}: ${(error as Error).message}`, true);
      }
    });
  }

  private async newWorkbook(): Promise<void> {
    if (!window.confirm("Start an empty workbook in place of this one? What is on screen now is not kept.")) return;
    await this.commands.newWorkbook();
  }
}

function savedText(status: FileStatus | undefined): string {
  if (!status) return "";
  if (status.problem) return status.problem;
  const saved = status.savedAt ? `Last saved at ${new Date(status.savedAt).toLocaleTimeString()}.` : "Not saved yet.";
  const pending = status.unsaved ? " There are changes not saved yet." : "";
  const mode = status.autoSave ? " AutoSave is on." : " AutoSave is off: only File → Save saves it.";
  return `${saved}${pending}${mode}`;
}

import { el } from "./html";

/**
 * Excel's status bar: Ready / Calculating, what the active cell's value has to say (a #VALUE! or #N/A message,
 * which Excel shows beside the cell and the grid shows on hover), and the last command's outcome. Both texts are
 * live regions, so a screen reader hears them as they change; at the right, whether the workbook is saved.
 */
export class StatusBar {
  private readonly state = el("span", { class: "pg-status-state", text: "Ready" });
  readonly cellMessage = el("span", {
    class: "pg-status-cell",
    role: "status",
    "aria-live": "polite",
    "aria-label": "Cell message",
  });
  private readonly note = el("span", { class: "pg-status-note", role: "status", "aria-label": "Status" });
  /** Whether the workbook is saved (AutoSave, File → Save), and why not. */
  readonly file = el("span", {
    class: "pg-status-file",
    role: "status",
    "aria-label": "Save state",
    "data-status": "file",
  });
  readonly element = el("footer", { class: "pg-status-bar" }, [this.state, this.cellMessage, this.note, this.file]);

  busy(cells: number): void {
    this.state.textContent = cells > 0 ? `Calculating (${cells} cell${cells === 1 ? "" : "s"})` : "Ready";
  }

  fileState(text: string, isError: boolean): void {
    this.file.textContent = text;
    this.file.classList.toggle("pg-status-error", isError);
  }

  say(text: string, isError = false): void {
    this.note.textContent = text;
    this.note.classList.toggle("pg-status-error", isError);
  }

  /** The active cell's message ("B2 #N/A: no rows match"), or nothing when it has none. */
  showCell(text: string): void {
    if (this.cellMessage.textContent !== text) this.cellMessage.textContent = text;
  }
}

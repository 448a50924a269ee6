import { el } from "./html";

/** Excel's status bar: Ready / Calculating, and the last command's outcome. */
export class StatusBar {
  private readonly state = el("span", { class: "pg-status-state", text: "Ready" });
  private readonly note = el("span", { class: "pg-status-note", role: "status" });
  /** Whether the workbook is saved (AutoSave, File → Save), and why not. */
  readonly file = el("span", { class: "pg-status-file", role: "status", "data-status": "file" });
  readonly element = el("footer", { class: "pg-status-bar" }, [this.state, this.file, this.note]);

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
}

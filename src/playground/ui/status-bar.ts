import { el } from "./html";

/** Excel's status bar: Ready / Calculating, and the last command's outcome. */
export class StatusBar {
  private readonly state = el("span", { class: "pg-status-state", text: "Ready" });
  private readonly note = el("span", { class: "pg-status-note", role: "status" });
  readonly element = el("footer", { class: "pg-status-bar" }, [this.state, this.note]);

  busy(cells: number): void {
    this.state.textContent = cells > 0 ? `Calculating (${cells} cell${cells === 1 ? "" : "s"})` : "Ready";
  }

  say(text: string, isError = false): void {
    this.note.textContent = text;
    this.note.classList.toggle("pg-status-error", isError);
  }
}

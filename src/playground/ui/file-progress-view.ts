import type { FileProgress } from "../host/file-progress";
import { el } from "./html";

/**
 * How far File → Open or Download has got, on the File tab's Open and Download pages: what it is doing ("Reading
 * sheet 2 of 5…", announced politely) and a progress bar. Hidden when nothing is running.
 */
export class FileProgressView {
  private readonly text = el("span", { class: "pg-file-progress-text" });
  private readonly bar = el("progress", { max: "1", value: "0", "aria-label": "File progress" });
  readonly element = el(
    "div",
    { class: "pg-file-progress", role: "status", "aria-live": "polite", tabindex: "-1", hidden: "" },
    [this.text, this.bar],
  );

  show({ text, fraction }: FileProgress): void {
    this.element.hidden = false;
    this.text.textContent = text;
    const value = Math.min(1, Math.max(0, fraction));
    this.bar.value = value;
    this.bar.setAttribute("aria-valuetext", `${text} ${Math.round(value * 100)}%`);
  }

  hide(): void {
    this.element.hidden = true;
    this.text.textContent = "";
    this.bar.value = 0;
  }
}

import { el } from "./html";

/** Excel lets a task pane be narrowed to about 320 px, and add-ins are designed to fit that width. */
export const PANE_MIN_WIDTH = 320;
/** The grid keeps at least this much of the window. */
const GRID_MIN_WIDTH = 200;
const STEP = 16;

/**
 * The task pane's left border as a drag handle (and a keyboard-operable separator: arrows resize, Home/End go to
 * the narrowest and widest): the pane can be made as narrow as 320 px or as wide as leaves the grid 200 px.
 * The width is remembered for the next visit.
 */
export class PaneResizer {
  readonly element = el("div", {
    class: "pg-pane-resizer",
    role: "separator",
    tabindex: "0",
    "aria-orientation": "vertical",
    "aria-label": "Resize the task pane",
    "aria-valuemin": String(PANE_MIN_WIDTH),
  });

  constructor(
    private readonly pane: HTMLElement,
    private readonly storage: Pick<Storage, "getItem" | "setItem"> | undefined,
    private readonly changed: () => void,
  ) {
    const saved = Number(storage?.getItem("playground.paneWidth"));
    this.set(Number.isFinite(saved) && saved > 0 ? saved : 360, false);
    this.element.addEventListener("pointerdown", (e) => this.drag(e));
    this.element.addEventListener("keydown", (e) => {
      const width = this.width;
      const to = { ArrowLeft: width + STEP, ArrowRight: width - STEP, Home: PANE_MIN_WIDTH, End: this.max }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.set(to);
    });
    window.addEventListener("resize", () => this.set(this.width, false));
  }

  get width(): number {
    return parseFloat(this.pane.style.width) || PANE_MIN_WIDTH;
  }

  private get max(): number {
    return Math.max(PANE_MIN_WIDTH, window.innerWidth - GRID_MIN_WIDTH);
  }

  set(width: number, remember = true): void {
    const clamped = Math.round(Math.max(PANE_MIN_WIDTH, Math.min(this.max, width)));
    this.pane.style.width = `${clamped}px`;
    this.element.setAttribute("aria-valuenow", String(clamped));
    this.element.setAttribute("aria-valuemax", String(this.max));
    if (remember) this.storage?.setItem("playground.paneWidth", String(clamped));
    this.changed();
  }

  private drag(e: PointerEvent): void {
    if (e.button !== 0) return;
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = this.width;
    this.element.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => this.set(startWidth - (m.clientX - startX));
    const up = () => {
      this.element.removeEventListener("pointermove", move);
      this.element.removeEventListener("pointerup", up);
    };
    this.element.addEventListener("pointermove", move);
    this.element.addEventListener("pointerup", up);
  }
}

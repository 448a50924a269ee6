import type { CellBlock } from "../../sheet";
import { displayText } from "../../formulas";
import type { CellStyle, SheetState } from "./cell-types";
import { EmulatedObject } from "./client-object";
import type { EmulatedContext } from "./request-context";

/** What a range format proxy needs from its range: the sheet and block, resolved at sync. */
export interface RangeTarget {
  target(): { sheet: SheetState; block: CellBlock };
  touch(): void;
}

const NAMED: Record<string, string> = {
  red: "#FF0000",
  yellow: "#FFFF00",
  white: "#FFFFFF",
  black: "#000000",
  blue: "#0000FF",
  green: "#008000",
  orange: "#FFA500",
  gray: "#808080",
  grey: "#808080",
  lightyellow: "#FFFFE0",
  darkred: "#8B0000",
};

/** Office.js returns colours as "#RRGGBB"; it accepts names and hex. */
export function normalizeColor(color: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color);
  if (hex) return `#${hex[1].toUpperCase()}`;
  return NAMED[color.toLowerCase()] ?? color;
}

/** A style property across a block: its value when uniform, null when mixed (as Office.js reports). */
function uniform<T>(sheet: SheetState, block: CellBlock, pick: (s: CellStyle) => T | undefined, fallback: T): T | null {
  const seen = new Set<T>();
  let styled = 0;
  sheet.styles.forEachIn(block, (_r, _c, s) => {
    styled++;
    seen.add(pick(s) ?? fallback);
  });
  if (styled < block.rowCount * block.columnCount) seen.add(fallback);
  return seen.size === 1 ? [...seen][0] : null;
}

function setStyle(range: RangeTarget, patch: CellStyle): void {
  const { sheet, block } = range.target();
  for (let r = block.row; r < block.row + block.rowCount; r++)
    for (let c = block.column; c < block.column + block.columnCount; c++)
      sheet.styles.set(r, c, { ...sheet.styles.get(r, c), ...patch });
  range.touch();
}

export class EmulatedRangeFont extends EmulatedObject {
  constructor(
    context: EmulatedContext,
    private readonly range: RangeTarget,
  ) {
    super(context);
  }
  protected scalarProperties(): readonly string[] {
    return ["bold", "italic", "color"];
  }
  protected readNow(name: string): unknown {
    const { sheet, block } = this.range.target();
    if (name === "bold") return uniform(sheet, block, (s) => s.bold, false);
    if (name === "italic") return uniform(sheet, block, (s) => s.italic, false);
    return uniform(sheet, block, (s) => s.fontColor, "#000000");
  }
  get bold(): boolean {
    return this.read("bold");
  }
  set bold(v: boolean) {
    this.assign("bold", v, () => setStyle(this.range, { bold: v }));
  }
  get italic(): boolean {
    return this.read("italic");
  }
  set italic(v: boolean) {
    this.assign("italic", v, () => setStyle(this.range, { italic: v }));
  }
  get color(): string {
    return this.read("color");
  }
  set color(v: string) {
    this.assign("color", v, () => setStyle(this.range, { fontColor: normalizeColor(v) }));
  }
}

export class EmulatedRangeFill extends EmulatedObject {
  constructor(
    context: EmulatedContext,
    private readonly range: RangeTarget,
  ) {
    super(context);
  }
  protected scalarProperties(): readonly string[] {
    return ["color"];
  }
  protected readNow(): unknown {
    const { sheet, block } = this.range.target();
    return uniform(sheet, block, (s) => s.fillColor, "#FFFFFF");
  }
  get color(): string {
    return this.read("color");
  }
  set color(v: string) {
    this.assign("color", v, () => setStyle(this.range, { fillColor: normalizeColor(v) }));
  }
  clear(): void {
    this.queue({ call: "clear" }, () => setStyle(this.range, { fillColor: undefined }));
  }
}

/** Default column width in points (8.43 characters of the default font). */
export const DEFAULT_COLUMN_WIDTH = 48;

export class EmulatedRangeFormat extends EmulatedObject {
  readonly font: EmulatedRangeFont;
  readonly fill: EmulatedRangeFill;
  constructor(
    context: EmulatedContext,
    private readonly range: RangeTarget,
  ) {
    super(context);
    this.font = new EmulatedRangeFont(context, range);
    this.fill = new EmulatedRangeFill(context, range);
  }
  protected scalarProperties(): readonly string[] {
    return ["columnWidth"];
  }
  protected override navigate(name: string): EmulatedObject | undefined {
    return name === "font" ? this.font : name === "fill" ? this.fill : undefined;
  }
  protected readNow(): unknown {
    const { sheet, block } = this.range.target();
    const widths = new Set<number>();
    for (let c = block.column; c < block.column + block.columnCount && widths.size < 2; c++) {
      widths.add(sheet.columnWidths.get(c) ?? DEFAULT_COLUMN_WIDTH);
    }
    return widths.size === 1 ? [...widths][0] : null;
  }
  get columnWidth(): number {
    return this.read("columnWidth");
  }
  set columnWidth(v: number) {
    this.assign("columnWidth", v, () => {
      const { sheet, block } = this.range.target();
      for (let c = block.column; c < block.column + block.columnCount; c++) sheet.columnWidths.set(c, v);
    });
  }
  /** Widths from the displayed text of the cells in this range only (as Excel autofits a selection). */
  autofitColumns(): void {
    this.queue({ call: "autofitColumns" }, () => {
      const { sheet, block } = this.range.target();
      const longest = new Map<number, number>();
      sheet.values.forEachIn(block, (r, c, v) => {
        const len = displayText(v, sheet.formats.get(r, c) ?? "General").length;
        longest.set(c, Math.max(longest.get(c) ?? 0, len));
      });
      for (let c = block.column; c < block.column + block.columnCount; c++) {
        const chars = longest.get(c);
        sheet.columnWidths.set(
          c,
          chars === undefined ? DEFAULT_COLUMN_WIDTH : Math.min(409, Math.max(12, chars * 5.25 + 7)),
        );
      }
    });
  }
  autofitRows(): void {
    this.queue({ call: "autofitRows" }, () => undefined);
  }
}

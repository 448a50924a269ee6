import { a1Range, cellAddress, type CellBlock } from "../../sheet";
import type { PlaygroundWorkbook } from "../workbook";
import { currentRegion } from "./data-edge";
import type { CellEdits } from "./editing/cell-edits";
import { el } from "./html";
import type { GridView } from "./grid-view";
import { ribbonButton, type Ribbon } from "./ribbon";
import type { SheetWriter } from "./sheet-writer";

/** The Home tab's number formats, as Excel names them (en-US codes; the playground draws these). */
export const NUMBER_FORMATS: readonly [string, string][] = [
  ["General", "General"],
  ["Number", "0.00"],
  ["Currency", "$#,##0.00"],
  ["Short Date", "m/d/yyyy"],
  ["Time", "h:mm:ss AM/PM"],
  ["Percentage", "0.00%"],
  ["Scientific", "0.00E+00"],
  ["Text", "@"],
];

export interface RibbonCommandParts {
  ribbon: Ribbon;
  edits: CellEdits;
  writer: SheetWriter;
  grid: Pick<GridView, "selection">;
  workbook: Pick<PlaygroundWorkbook, "inspect">;
  /** The sheet the grid shows. */
  sheet(): string;
  say(text: string, isError?: boolean): void;
}

/** The selection, and the block Insert → Table takes from it (a single cell grows to its data region). */
function selected(p: RibbonCommandParts): { sheet: string; block: CellBlock; table: () => CellBlock } {
  const sheet = p.sheet();
  const sel = p.grid.selection;
  const single = sel.block.rowCount === 1 && sel.block.columnCount === 1;
  return {
    sheet,
    block: sel.block,
    table: () => (single ? currentRegion(sel.active, p.workbook.inspect.contentTest(sheet)) : sel.block),
  };
}

const address = (b: CellBlock) => a1Range(b.row, b.column, b.rowCount, b.columnCount);

/**
 * The built-in tabs' commands the playground can really do: Home (undo, redo, number formats, clear), Insert
 * (table) and Data (Refresh All). Each change to cells is one undo step. Returns `showFormat`, which shows the
 * active cell's format in the Number Format box.
 */
export function addRibbonCommands(p: RibbonCommandParts): { showFormat(): void; showDataRefresh(on: boolean): void } {
  const { ribbon, edits, writer } = p;
  const change = (label: string, act: (sheet: string, address: string) => Promise<unknown>) => {
    const { sheet, block } = selected(p);
    return edits.change(label, [{ sheet, block }], () => act(sheet, address(block)));
  };

  const undo = ribbonButton("Undo", { "data-command": "undo", title: "Undo (Ctrl+Z)" }, "pg-icon-undo");
  const redo = ribbonButton("Redo", { "data-command": "redo", title: "Redo (Ctrl+Y)" }, "pg-icon-redo");
  undo.addEventListener("click", () => edits.undo());
  redo.addEventListener("click", () => edits.redo());
  ribbon.addGroup("home", "Undo", [undo, redo]);

  const formats = el("select", { class: "pg-ribbon-select", "aria-label": "Number Format" }, [
    ...NUMBER_FORMATS.map(([label, code]) => el("option", { value: code, text: label })),
    el("option", { value: "", text: "Custom", disabled: "" }),
  ]);
  formats.addEventListener("change", () => {
    const format = formats.value;
    void change("Number Format", (sheet, a) => writer.setNumberFormat(sheet, a, format));
  });
  ribbon.addGroup("home", "Number", [formats]);

  const clears: [string, "All" | "Formats" | "Contents"][] = [
    ["Clear All", "All"],
    ["Clear Formats", "Formats"],
    ["Clear Contents", "Contents"],
  ];
  ribbon.addGroup(
    "home",
    "Editing",
    clears.map(([label, applyTo]) => {
      const button = ribbonButton(label, { "data-command": `clear-${applyTo.toLowerCase()}` }, "pg-icon-clear");
      button.addEventListener("click", () => void change(label, (sheet, a) => writer.clear(sheet, a, applyTo)));
      return button;
    }),
  );

  const table = ribbonButton(
    "Table",
    { "data-command": "insert-table", title: "Insert a table over the selection or its data" },
    "pg-icon-table",
  );
  table.addEventListener("click", () => void insertTable(p));
  ribbon.addGroup("insert", "Tables", [table]);

  const refresh = ribbonButton("Refresh All", { "data-command": "data-refresh-all" }, "pg-icon-refresh");
  refresh.title = "Refreshes the add-in's data, the only connection a playground workbook has";
  refresh.addEventListener("click", () => void ribbon.run("refreshAll", refresh));
  const dataGroup = ribbon.addGroup("data", "Queries & Connections", [refresh]);

  return {
    showFormat() {
      const { row, column } = p.grid.selection.active;
      const code = p.workbook.inspect.cell(p.sheet(), cellAddress(row, column)).numberFormat;
      formats.value = NUMBER_FORMATS.some(([, c]) => c === code) ? code : "";
    },
    /** Data → Refresh All exists while the add-in has a Refresh All command. */
    showDataRefresh(on: boolean) {
      dataGroup.hidden = !on;
      ribbon.showTab("data", on);
    },
  };
}

async function insertTable(p: RibbonCommandParts): Promise<void> {
  const { sheet, table } = selected(p);
  const block = table();
  // A new table is structure, not cells: undo does not remove it (Excel's does), so it is not an undo step.
  const name = await p.edits.untracked(() => p.writer.addTable(sheet, address(block)));
  if (name) p.say(`${name} covers ${address(block)}; its first row is the header.`);
}

import { CellError, type Stored } from "./cell-types";
import type { Grid } from "./grid";
import { saveValue, type Cells, type SavedValue, type SpillBlock, type WorkbookDocument } from "./workbook-document";
import type { WorkbookState } from "./workbook-state";

/**
 * Rows per part of a saved file. A part is one sheet's block of rows, serialised on its own: a save writes only the
 * parts that changed, a slice at a time, so a large workbook is never serialised in one go on the page's thread
 * (4,096 rows of 10 columns are about a megabyte of JSON, a few milliseconds to write).
 */
export const ROWS_PER_PART = 4096;

/** The workbook without its cells: what a saved file keeps beside the parts (settings apart). */
export type DocumentHead = Omit<WorkbookDocument, "sheets" | "settings">;

/** One sheet of the workbook as its parts are saved. */
export interface SheetParts {
  name: string;
  /** The blocks (row ÷ ROWS_PER_PART) holding any cell, ascending. */
  blocks(): number[];
  /** A block's cells as the part's JSON and how many they are, or undefined when the block holds none. */
  serialise(block: number): { json: string; cells: number } | undefined;
}

/** The workbook as a file saved in parts sees it now (read each part when it is written: the sheets go on changing). */
export interface DocumentParts {
  head: DocumentHead;
  settings: Record<string, unknown>;
  sheets: SheetParts[];
}

/** A part as JSON keeps it: each layer's filled rows as [row, cells by column] (an empty cell is null). */
interface Part {
  values: [number, (SavedValue | null)[]][];
  formulas: [number, (string | null)[]][];
  formats: [number, (string | null)[]][];
}

function rowsOf<T>(grid: Grid<T>, block: number, save?: (cells: readonly (T | undefined)[]) => readonly unknown[]) {
  const first = block * ROWS_PER_PART;
  return grid.rowsIn(first, first + ROWS_PER_PART - 1).map(([row, cells]) => [row, save ? save(cells) : cells]);
}

// Only rows holding an error value are copied; the rest are serialised as the grid holds them (holes become null).
const savedRow = (cells: readonly (Stored | undefined)[]): readonly unknown[] =>
  cells.some((v) => v instanceof CellError) ? cells.map((v) => (v === undefined ? null : saveValue(v))) : cells;

function sheetParts(sheet: WorkbookState["sheets"][number]): SheetParts {
  const layers = [sheet.values, sheet.formulas, sheet.formats] as Grid<unknown>[];
  return {
    name: sheet.name,
    blocks() {
      const found = new Set<number>();
      for (const grid of layers) for (const row of grid.rowIndexes()) found.add(Math.floor(row / ROWS_PER_PART));
      return [...found].sort((a, b) => a - b);
    },
    serialise(block) {
      const values = rowsOf(sheet.values, block, savedRow);
      const formulas = rowsOf(sheet.formulas, block);
      const formats = rowsOf(sheet.formats, block);
      if (values.length + formulas.length + formats.length === 0) return undefined;
      let cells = 0;
      for (const rows of [values, formulas, formats])
        for (const [, row] of rows) for (const v of row as unknown[]) if (v !== undefined) cells++;
      return { json: JSON.stringify({ values, formulas, formats }), cells };
    },
  };
}

export function documentPartsOf(
  state: WorkbookState,
  settings: Record<string, unknown>,
  spills: readonly SpillBlock[],
): DocumentParts {
  const nameOf = (sheetId: string) => state.sheetById(sheetId)?.name ?? "";
  return {
    head: {
      version: 1,
      tables: state.tables.map((t) => ({ name: t.name, sheet: nameOf(t.sheetId), ...t.block, style: t.style })),
      activeSheet: nameOf(state.activeSheetId),
      spills: spills.map(({ sheet, row, column, rowCount, columnCount }) => ({
        sheet,
        row,
        column,
        rowCount,
        columnCount,
      })),
    },
    settings: JSON.parse(JSON.stringify(settings)) as Record<string, unknown>,
    sheets: state.sheets.map(sheetParts),
  };
}

function cellsOf<T>(rows: [number, (T | null)[]][], into: Cells<T>): void {
  for (const [row, cells] of rows) {
    cells.forEach((v, column) => {
      if (v !== null) into.push([row, column, v]);
    });
  }
}

/**
 * The document a file saved in parts holds: its head, each sheet's parts (JSON, in any order) and the settings.
 * Throws when a part is not one (the caller treats the copy as unreadable).
 */
export function documentFromParts(
  head: DocumentHead,
  sheets: { name: string; parts: string[] }[],
  settings: Record<string, unknown>,
): WorkbookDocument {
  return {
    ...head,
    settings,
    sheets: sheets.map(({ name, parts }) => {
      const sheet = {
        name,
        values: [] as Cells<SavedValue>,
        formulas: [] as Cells<string>,
        formats: [] as Cells<string>,
      };
      for (const json of parts) {
        const part = JSON.parse(json) as Part;
        cellsOf(part.values, sheet.values);
        cellsOf(part.formulas, sheet.formulas);
        cellsOf(part.formats, sheet.formats);
      }
      return sheet;
    }),
  };
}

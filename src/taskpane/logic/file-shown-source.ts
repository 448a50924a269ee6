import type { FileShownRow } from "../../functions";

/**
 * SERVICE cells showing the values the workbook file held as it opened (nothing was fetched for them), as the pane
 * reaches them from the functions (absent when that bundle is not loaded).
 */
export interface FileShownSource {
  rows(): FileShownRow[];
  onChange(listener: () => void): () => void;
}

/** One request's line: what it is and how old the file's values are. */
export function fileShownLine(row: FileShownRow): string {
  const cells = row.cells === 1 ? "" : ` (${row.cells} cells)`;
  if (row.savedAt === undefined) return `${row.label}${cells}: as saved in the file (when it was read is not recorded)`;
  const at = `${new Date(row.savedAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `${row.label}${cells}: read ${at}, as the file holds it`;
}

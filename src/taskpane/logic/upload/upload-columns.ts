import { isExcelErrorValue } from "../../../sheet";
/**
 * An Excel range read as a table to upload: its header row as column names the service accepts, each column's type
 * from its cells, and what stops it before anything is sent. Pure: the pane's upload form shows the result.
 */

/** The service's rule for a column name: a letter or `_`, then letters, digits, `_`; at most 128 characters. */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_NAME = 128;
export type InferredType = "boolean" | "bigint" | "double" | "timestamp" | "varchar";

export interface UploadColumnPlan {
  header: string;
  name: string;
  type: InferredType;
  /** Cells of more than one kind (numbers and text): sent as text only once the user confirms. */
  mixed: boolean;
}

export interface UploadPlan {
  columns: UploadColumnPlan[];
  /** Why nothing can be sent yet (empty or duplicate names, error values), one sentence each. */
  problems: string[];
}

/** A header as a column name the service accepts: other characters as `_`, a leading digit prefixed with `_`. */
export function columnName(header: string): string {
  let name = header
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (/^[0-9]/.test(name)) name = `_${name}`;
  return name.slice(0, MAX_NAME);
}

const isDateFormat = (format: string | undefined): boolean =>
  format !== undefined && /[dmyhs]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, "")) && !/[#0]/.test(format);

/** The kind of one cell, undefined for an empty one. */
function kindOf(value: unknown, format: string | undefined): InferredType | "error" | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") {
    if (isDateFormat(format)) return "timestamp";
    return Number.isSafeInteger(value) ? "bigint" : "double";
  }
  const text = String(value);
  if (isExcelErrorValue(text)) return "error";
  // Hex addresses and integers wider than a double keeps exactly are text: as numbers they would lose digits.
  return "varchar";
}

/** The header row and the rows under it (values as Excel gives them, with their number formats when known). */
export function planUpload(
  headers: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  formats?: readonly (readonly string[])[],
): UploadPlan {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const columns = headers.map((h, c): UploadColumnPlan => {
    const header = h === null || h === undefined ? "" : String(h);
    const name = columnName(header);
    if (name === "" || !COLUMN_NAME.test(name)) problems.push(`Column ${c + 1} has no name: give its header cell one.`);
    else if (seen.has(name.toLowerCase()))
      problems.push(`Columns ${seen.get(name.toLowerCase())! + 1} and ${c + 1} are both named "${name}": rename one.`);
    else seen.set(name.toLowerCase(), c);
    const kinds = new Set<InferredType>();
    rows.forEach((row, r) => {
      const kind = kindOf(row[c], formats?.[r]?.[c]);
      if (kind === "error")
        problems.push(`Row ${r + 2} of "${header}" shows an error (${String(row[c])}): fix it or clear it.`);
      else if (kind !== undefined) kinds.add(kind);
    });
    if (kinds.has("double")) kinds.delete("bigint");
    const mixed = kinds.size > 1;
    const type: InferredType = kinds.size === 1 ? [...kinds][0]! : "varchar";
    return { header, name, type, mixed };
  });
  if (headers.length === 0) problems.push("The selection has no columns.");
  return { columns, problems };
}

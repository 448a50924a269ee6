/** What a cell receives through `range.values`: Excel's scalar types; "" leaves the cell empty. */
export type CellValue = string | number | boolean;

export type TimestampMode = "text" | "excel-date";

export interface CellOptions {
  /** "text" (default) keeps the API's timestamp text; "excel-date" writes Excel serial dates. */
  timestamps?: TimestampMode;
  /** Separator for array values; default ", ". */
  arrayJoin?: string;
  /** Called when a string is cut to Excel's 32,767 characters per cell. */
  onTruncated?: (originalLength: number) => void;
}

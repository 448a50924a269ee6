import { columnKind, isTextKind } from "./api-types";
import type { TimestampMode } from "./cell-value-type";
import { DATE_NUMBER_FORMAT, TIME_NUMBER_FORMAT, TIMESTAMP_NUMBER_FORMAT } from "./timestamps";

export const TEXT_NUMBER_FORMAT = "@";
export const GENERAL_NUMBER_FORMAT = "General";
/** Header cells are names, always text: a header called `2024` or `TRUE` must not become a number. */
export const HEADER_NUMBER_FORMAT = TEXT_NUMBER_FORMAT;

/** The number format a column's cells get before its values are written. */
export function numberFormatFor(apiType: string, timestamps: TimestampMode = "text"): string {
  const kind = columnKind(apiType);
  if (isTextKind(kind, timestamps)) return TEXT_NUMBER_FORMAT;
  switch (kind) {
    case "timestamp":
      return TIMESTAMP_NUMBER_FORMAT;
    case "date":
      return DATE_NUMBER_FORMAT;
    case "time":
      return TIME_NUMBER_FORMAT;
    default:
      return GENERAL_NUMBER_FORMAT;
  }
}

/**
 * Per-column number formats for a result: `@` for text-like columns (varchar, arrays, JSON, and timestamps
 * kept as text) so Excel stores `0x…`, `00123`, `TRUE`, `2018-12-31` as typed; `General` for numbers and
 * booleans; a date format for timestamps written as Excel dates. The writer sets them before the values.
 */
export function numberFormatsFor(types: readonly string[], options: { timestamps?: TimestampMode } = {}): string[] {
  return types.map((t) => numberFormatFor(t, options.timestamps ?? "text"));
}

import { columnKind } from "./api-types";
import { timestampToSerial } from "./timestamps";

/** The type a column of timestamp text is converted as: the engine's name for the service's `… UTC` values. */
export const TIMESTAMP_TEXT_TYPE = "timestamp with time zone";

/**
 * Column types with timestamps recognised where no type says so. A page without `column_types` (older bodies, some
 * endpoints, every CSV) leaves its columns typed from their values, and timestamps then arrive as text:
 * `2023-02-14 08:05:41.000 UTC`, `2023-02-14T08:05:41Z`. With Excel dates asked for, a text or untyped column whose
 * every non-empty value is a timestamp (or date) the typed conversion reads (`timestampToSerial`: a valid date in
 * Excel's range, with or without a time, fraction and zone) is converted as a timestamp column, exactly as a
 * declared one is. Some columns are dates typed varchar on purpose (the market-share dataset's `time`, so filters
 * compare it as text): they follow the same rule. One value that is no timestamp (`2023-02-30 …`, `Q1 2023`) keeps
 * the whole column text, so a column is never half dates.
 */
export function withTimestampColumns(
  types: readonly string[],
  rows: readonly (readonly unknown[])[],
  width: number,
): string[] {
  const out = new Array<string>(width);
  for (let c = 0; c < width; c++) {
    const type = types[c] ?? "unknown";
    const kind = columnKind(type);
    out[c] = (kind === "text" || kind === "unknown") && holdsOnlyTimestamps(rows, c) ? TIMESTAMP_TEXT_TYPE : type;
  }
  return out;
}

function holdsOnlyTimestamps(rows: readonly (readonly unknown[])[], c: number): boolean {
  let seen = false;
  for (const row of rows) {
    const value = row[c];
    if (value === null || value === undefined || value === "") continue;
    if (typeof value !== "string" || timestampToSerial(value) === null) return false;
    seen = true;
  }
  return seen;
}

import { DEFAULT_SPILL_LIMIT_BYTES } from "../service-cells";
import { isCellError, type XlsxValue } from "../xlsx";

export type EstimateBasis = "last refresh" | "cached values" | "assumed";

export interface ReadEstimate {
  bytes: number;
  basis: EstimateBasis;
}

/**
 * A result nothing is known about (never refreshed, or the cell shows an error) is priced as the most a SERVICE cell
 * can show: the add-in refuses a result whose cell values pass this many bytes.
 */
export const ASSUMED_READ_BYTES = DEFAULT_SPILL_LIMIT_BYTES;
/** Column names assumed for rows cached without their header row. */
const NAME_LENGTH = 12;
/**
 * A JSON page's envelope beside its rows: ids, state, times, paging links and the metadata (about 700 bytes from the
 * local service; the real service's has the same fields), rounded up so an estimate errs high.
 */
const ENVELOPE_BYTES = 800;

function jsonLength(value: XlsxValue): number {
  if (value === null || isCellError(value)) return 4;
  if (typeof value === "string") return JSON.stringify(value).length;
  return String(value).length;
}

function csvLength(value: XlsxValue): number {
  if (value === null || isCellError(value)) return 0;
  const text = String(value);
  return /[",\n\r]/.test(text) ? text.replace(/"/g, '""').length + 2 : text.length;
}

/** The cached rows split into column names and data rows (a header row when the cell shows one). */
function shape(
  cached: readonly (readonly XlsxValue[])[],
  header: boolean,
): { names: string[]; rows: readonly (readonly XlsxValue[])[] } | null {
  const width = Math.max(0, ...cached.map((r) => r.length));
  const one = cached.length === 1 && width === 1;
  // A single cell showing an error or nothing tells nothing of the result's size.
  if (!width || (one && (cached[0][0] === null || isCellError(cached[0][0])))) return null;
  if (!header) return { names: Array.from({ length: width }, () => "x".repeat(NAME_LENGTH)), rows: cached };
  return { names: cached[0].map((v) => String(v ?? "")), rows: cached.slice(1) };
}

/**
 * A read's response body, estimated from the values the file cached for it: each row priced as the service sends
 * it (a JSON object of names and values, or a CSV line), plus the page's envelope. Timestamps shown as Excel dates
 * and joined arrays are priced as the cells hold them, a little under their text on the wire.
 */
export function estimateFromCached(
  cached: readonly (readonly XlsxValue[])[],
  options: { header: boolean; format: "json" | "csv" },
): ReadEstimate {
  const s = shape(cached, options.header);
  if (!s) return { bytes: ASSUMED_READ_BYTES, basis: "assumed" };
  if (options.format === "csv") {
    const line = (values: readonly XlsxValue[]) => values.reduce<number>((n, v) => n + csvLength(v), 0) + values.length;
    const bytes = line(s.names) + s.rows.reduce<number>((n, r) => n + line(r), 0);
    return { bytes, basis: "cached values" };
  }
  const keys = s.names.map((n) => JSON.stringify(n).length + 1);
  let bytes = ENVELOPE_BYTES + keys.reduce((n, k) => n + k + 12, 0);
  for (const row of s.rows) {
    bytes += 2 + s.names.length;
    keys.forEach((k, c) => (bytes += k + jsonLength(row[c] ?? null)));
  }
  return { bytes, basis: "cached values" };
}

import { columnKind, isTextKind, type ColumnKind } from "./api-types";
import { limitCellText } from "./cell-text-limit";
import type { CellOptions, CellValue } from "./cell-value-type";
import { escapeForValues } from "./escape";
import { exactNumber, integerText, isWideInteger } from "../numbers";
import { serialFromUtcMs, timeToSerial, timestampToSerial } from "./timestamps";

export const DEFAULT_ARRAY_JOIN = ", ";

/** A value before escaping: `text` marks strings that must be stored verbatim. */
type Raw = number | boolean | { text: string };

function jsonText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "";
}

/** One array element as text: nested arrays and objects become JSON so their structure is not lost. */
function elementText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return jsonText(v);
  return String(v);
}

function joinArray(values: readonly unknown[], sep: string): Raw {
  return { text: values.map(elementText).join(sep) };
}

function numberRaw(n: number): Raw {
  if (!Number.isFinite(n)) return { text: String(n) }; // Excel has no NaN or ±Infinity
  if (Number.isInteger(n) && isWideInteger(n)) return { text: integerText(n) };
  return n;
}

function bigintRaw(n: bigint): Raw {
  return isWideInteger(n) ? { text: n.toString() } : Number(n);
}

/** What any value becomes when its column type says nothing more specific. */
function plainRaw(value: unknown, sep: string): Raw {
  switch (typeof value) {
    case "number":
      return numberRaw(value);
    case "bigint":
      return bigintRaw(value);
    case "boolean":
      return value;
    case "string":
      return { text: value };
  }
  if (Array.isArray(value)) return joinArray(value, sep);
  if (value instanceof Date) return { text: value.toISOString() };
  return { text: typeof value === "object" ? jsonText(value) : String(value) };
}

function numericRaw(value: unknown, sep: string): Raw {
  if (typeof value === "string") {
    const n = exactNumber(value);
    return n === undefined ? { text: value } : n;
  }
  return plainRaw(value, sep);
}

function floatRaw(value: unknown, sep: string): Raw {
  if (typeof value === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    // A double sent as text is still that double: Excel stores IEEE doubles, so nothing is lost.
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : { text: String(value) };
  return plainRaw(value, sep);
}

function temporalRaw(value: unknown, kind: ColumnKind, excelDate: boolean, sep: string): Raw {
  if (value instanceof Date) {
    const serial = excelDate ? serialFromUtcMs(value.getTime()) : null;
    return serial ?? { text: value.toISOString() };
  }
  if (typeof value === "string") {
    if (!excelDate) return { text: value };
    const serial = kind === "time" ? timeToSerial(value) : timestampToSerial(value);
    return serial ?? { text: value };
  }
  // An array is joined whatever the declared type says (the value decides, as for text columns).
  return excelDate || Array.isArray(value) ? plainRaw(value, sep) : { text: elementText(value) };
}

function arrayRaw(value: unknown, sep: string): Raw {
  if (Array.isArray(value)) return joinArray(value, sep);
  if (typeof value === "string" && value.trimStart().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return joinArray(parsed, sep);
    } catch {
      // not JSON: keep the text as it came
    }
  }
  return { text: elementText(value) };
}

function booleanRaw(value: unknown, sep: string): Raw {
  if (typeof value === "string" && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === "true";
  return plainRaw(value, sep);
}

function rawFor(kind: ColumnKind, excelDate: boolean, sep: string): (value: unknown) => Raw {
  switch (kind) {
    case "integer":
    case "decimal":
      return (v) => numericRaw(v, sep);
    case "float":
      return (v) => floatRaw(v, sep);
    case "boolean":
      return (v) => booleanRaw(v, sep);
    case "timestamp":
    case "date":
    case "time":
      return (v) => temporalRaw(v, kind, excelDate, sep);
    case "array":
      return (v) => arrayRaw(v, sep);
    case "text":
      // The engine sometimes declares an array as varchar and sends it as an array or as JSON text (the real DEX
      // pairs dataset declares `projects` VARCHAR and sends ["curve","uniswap"]): it lands like an array column.
      return (v) =>
        Array.isArray(v) || (typeof v === "string" && v.startsWith("[") && v.endsWith("]"))
          ? arrayRaw(v, sep)
          : { text: elementText(v) };
    case "structured":
      return (v) => ({ text: elementText(v) });
    default:
      return (v) => plainRaw(v, sep);
  }
}

/**
 * Builds the converter for one column: classify the API type once, then map each value. Used by
 * `toSheetMatrix` so a 100,000-row result does not re-parse the type name per cell.
 */
export function cellConverter(apiType: string, options: CellOptions = {}): (value: unknown) => CellValue {
  const mode = options.timestamps ?? "text";
  const kind = columnKind(apiType);
  const textFormatted = isTextKind(kind, mode);
  const raw = rawFor(kind, mode === "excel-date", options.arrayJoin ?? DEFAULT_ARRAY_JOIN);
  return (value) => {
    if (value === null || value === undefined) return "";
    const r = raw(value);
    // Only General columns produce numbers and booleans; text-formatted kinds always yield text.
    if (typeof r !== "object") return r;
    return escapeForValues(limitCellText(r.text, options.onTruncated), { textFormatted });
  };
}

/**
 * One API value → what to assign through `range.values`, given the column's API type.
 * Numbers stay numbers when Excel can hold them exactly; wider integers and inexact decimals stay text;
 * null becomes an empty cell; arrays are joined (", " by default); strings are escaped (see `escapeForValues`).
 */
export function toCellValue(value: unknown, apiType: string, options: CellOptions = {}): CellValue {
  return cellConverter(apiType, options)(value);
}

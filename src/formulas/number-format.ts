import { utcMsFromSerial } from "../sheet";
import { FormulaError, type Scalar } from "./values";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** General format: up to 11 significant characters like a default-width column, scientific beyond. */
function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9))
    return n
      .toExponential(5)
      .replace(/\.?0+e/, "E")
      .replace(/E([+-])(\d)$/, "E$10$2")
      .toUpperCase();
  return String(Number(n.toPrecision(10)));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function dateText(serial: number, format: string): string {
  const d = new Date(utcMsFromSerial(serial));
  const hasAmPm = /AM\/PM/i.test(format);
  let hours = d.getUTCHours();
  const pm = hours >= 12;
  if (hasAmPm) hours = hours % 12 || 12;
  // "m" after h or before s means minutes; elsewhere months.
  return format
    .replace(/AM\/PM/gi, pm ? "PM" : "AM")
    .replace(/yyyy/g, String(d.getUTCFullYear()))
    .replace(/yy/g, pad(d.getUTCFullYear() % 100))
    .replace(
      /(h+)(:)(mm?)/g,
      (_m, h: string, colon: string, m: string) => `${h}${colon}${m === "mm" ? "\u0001" : "\u0002"}`,
    )
    .replace(
      /(mm?)(:)(ss)/g,
      (_m, m: string, colon: string, s: string) => `${m === "mm" ? "\u0001" : "\u0002"}${colon}${s}`,
    )
    .replace(/mmm/g, MONTHS[d.getUTCMonth()])
    .replace(/mm/g, pad(d.getUTCMonth() + 1))
    .replace(/m/g, String(d.getUTCMonth() + 1))
    .replace(/dd/g, pad(d.getUTCDate()))
    .replace(/d/g, String(d.getUTCDate()))
    .replace(/hh/g, pad(hours))
    .replace(/h/g, String(hours))
    .replace(
      /ss(\.0+)?/g,
      (_m, frac: string | undefined) =>
        pad(d.getUTCSeconds()) + (frac ? "." + pad(d.getUTCMilliseconds(), 3).slice(0, frac.length - 1) : ""),
    )
    .replace(/\u0001/g, pad(d.getUTCMinutes()))
    .replace(/\u0002/g, String(d.getUTCMinutes()));
}

function numberText(n: number, format: string): string {
  const percent = format.includes("%");
  const v = percent ? n * 100 : n;
  const exp = /0(?:\.(0+))?E\+00/.exec(format);
  if (exp)
    return v
      .toExponential(exp[1]?.length ?? 0)
      .toUpperCase()
      .replace(/E([+-])(\d)$/, "E$10$2");
  const decimals = /\.(0+)/.exec(format)?.[1].length ?? 0;
  let body = Math.abs(v).toFixed(decimals);
  if (format.includes(",")) body = body.replace(/^\d+/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
  const prefix = format.startsWith("$") ? "$" : "";
  return (v < 0 ? "-" : "") + prefix + body + (percent ? "%" : "");
}

/**
 * What `range.text` shows for a value under a number format: General, Text (`@`), fixed decimals, thousands,
 * percent, scientific, currency, and date/time codes. Excel's full format language (sections, colours,
 * conditions, locales) is beyond the playground; unsupported codes fall back to General.
 */
export function displayText(value: Scalar | undefined, format: string): string {
  if (value === undefined || value === null) return "";
  if (value instanceof FormulaError) return value.code;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (format === "General" || format === "@" || format === "") return general(value);
  if (/[yd]|h|ss/.test(format.replace(/"[^"]*"/g, ""))) return value < 0 ? "#".repeat(8) : dateText(value, format);
  if (/[0#]/.test(format)) return numberText(value, format);
  return general(value);
}

import { serialFromUtcMs } from "../sheet";
import { ERROR_CODES, FormulaError, type ErrorCode } from "./values";

/**
 * How Excel (en-US) interprets a string typed into, or written through `range.values` to, a General cell:
 * numbers (`00123` → 123, `1e5`, `1,234`, `12%`, `$5`), booleans (`TRUE`), error literals (`#N/A`),
 * dates and times (`2018-12-31`, `12/31/2018`, `2018-12-31 10:30`, `10:30`). When the cell is General,
 * Excel also gives it a matching number format. Anything else stays text (`0x0001`, `2018-12-31T10:00:00Z`).
 * Numbers keep 15 significant digits: later digits become zeros, as when typed.
 */
export interface Coerced {
  value: number | boolean | FormulaError;
  format?: string;
}

function truncateTo15Digits(mantissa: string): string {
  let seen = 0;
  let out = "";
  for (const ch of mantissa) {
    if (ch >= "0" && ch <= "9") {
      if (seen > 0 || ch !== "0") seen++;
      out += seen > 15 ? "0" : ch;
    } else out += ch;
  }
  return out;
}

function numberFrom(text: string): Coerced | null {
  let t = text;
  let sign = "";
  if (t[0] === "+" || t[0] === "-") {
    sign = t[0] === "-" ? "-" : "";
    t = t.slice(1);
  }
  const currency = t.startsWith("$");
  if (currency) t = t.slice(1);
  const percent = t.endsWith("%");
  if (percent) t = t.slice(0, -1);
  const grouped = t.includes(",");
  if (grouped) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) return null;
    t = t.replace(/,/g, "");
  }
  const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.exec(t);
  if (!m) return null;
  let n = Number(sign + truncateTo15Digits(m[1]) + (m[2] ?? ""));
  if (!Number.isFinite(n)) return null;
  if (percent) n /= 100;
  const decimals = m[1].includes(".") && !/\.$/.test(m[1]);
  let format: string | undefined;
  if (percent) format = decimals ? "0.00%" : "0%";
  else if (currency) format = decimals ? "$#,##0.00" : "$#,##0";
  else if (grouped) format = decimals ? "#,##0.00" : "#,##0";
  else if (m[2]) format = "0.00E+00";
  return { value: n, format };
}

function dateFrom(text: string): Coerced | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (!m) return null;
    [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  const serial = serialFromUtcMs(ms);
  if (serial === null) return null;
  return { value: serial, format: m[4] === undefined ? "m/d/yyyy" : "m/d/yyyy h:mm" };
}

function timeFrom(text: string): Coerced | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  return { value: (h * 3600 + mi * 60 + s) / 86_400, format: m[3] === undefined ? "h:mm" : "h:mm:ss" };
}

export function coerceText(text: string): Coerced | null {
  const t = text.trim();
  if (t === "") return null;
  if (/^true$/i.test(t)) return { value: true };
  if (/^false$/i.test(t)) return { value: false };
  const upper = t.toUpperCase();
  if ((ERROR_CODES as readonly string[]).includes(upper)) return { value: new FormulaError(upper as ErrorCode) };
  return numberFrom(t) ?? dateFrom(t) ?? timeFrom(t);
}

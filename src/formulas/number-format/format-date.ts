import { utcMsFromSerial } from "../../sheet";
import type { FormatToken } from "./format-tokens";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MS_PER_DAY = 86_400_000;

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** "m" is minutes right after an hour or right before a second (literals between them do not count), else months. */
function minuteRuns(tokens: readonly FormatToken[]): Set<number> {
  const minutes = new Set<number>();
  const timeParts = tokens.flatMap((t, i) => (t.kind === "date" || t.kind === "elapsed" ? [i] : []));
  timeParts.forEach((index, k) => {
    const t = tokens[index];
    if (t.kind !== "date" || t.code[0] !== "m" || t.code.length > 2) return;
    const before = tokens[timeParts[k - 1]];
    const after = tokens[timeParts[k + 1]];
    const isHour = (x: FormatToken | undefined) =>
      (x?.kind === "date" && x.code[0] === "h") || (x?.kind === "elapsed" && x.unit === "h");
    const isSecond = (x: FormatToken | undefined) =>
      (x?.kind === "date" && x.code[0] === "s") || (x?.kind === "elapsed" && x.unit === "s");
    if (isHour(before) || isSecond(after)) minutes.add(index);
  });
  return minutes;
}

/** The finest fraction of a second the format shows (0 for whole seconds). */
function fractionDigits(tokens: readonly FormatToken[]): number {
  let digits = 0;
  for (const t of tokens) {
    if (t.kind === "date" && t.code[0] === "s") digits = Math.max(digits, t.code.split(".")[1]?.length ?? 0);
    if (t.kind === "elapsed" && t.unit === "s") digits = Math.max(digits, t.fraction);
  }
  return Math.min(digits, 3);
}

/**
 * A date/time section: the serial rounded to the precision it shows (whole seconds, or hundredths with "ss.00"),
 * then each part written. Excel's calendar is the 1900 date system (serial 1 is 1900-01-01).
 */
export function formatDate(serial: number, tokens: readonly FormatToken[]): string {
  const digits = fractionDigits(tokens);
  const unit = 1000 / 10 ** digits;
  const totalMs = Math.round((serial * MS_PER_DAY) / unit) * unit;
  const day = Math.floor(totalMs / MS_PER_DAY);
  const d = new Date(utcMsFromSerial(day) + (totalMs - day * MS_PER_DAY));
  const pm = d.getUTCHours() >= 12;
  const twelveHour = tokens.some((t) => t.kind === "ampm");
  const minutes = minuteRuns(tokens);
  let out = "";
  tokens.forEach((t, index) => {
    if (t.kind === "literal") out += t.text;
    else if (t.kind === "ampm") out += pm ? t.pm : t.am;
    else if (t.kind === "elapsed") {
      const per = { h: 3_600_000, m: 60_000, s: 1000 }[t.unit];
      // Elapsed units count down from the largest shown; the smaller parts are taken modulo as usual.
      const whole = Math.floor(totalMs / per);
      out += pad(whole, t.width);
      if (t.fraction > 0) out += "." + pad(Math.round(totalMs % 1000), 3).slice(0, t.fraction);
    } else if (t.kind === "date") out += datePart(t.code, d, minutes.has(index), twelveHour);
    else if (t.kind === "digit" || t.kind === "point" || t.kind === "comma" || t.kind === "slash")
      out += { digit: t.kind === "digit" ? t.char : "", point: ".", comma: ",", slash: "/" }[t.kind];
  });
  return out;
}

function datePart(code: string, d: Date, minute: boolean, twelveHour: boolean): string {
  const kind = code[0];
  const n = code.split(".")[0].length;
  if (kind === "y") return n <= 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), 4);
  if (kind === "m" && minute) return pad(d.getUTCMinutes(), n >= 2 ? 2 : 1);
  if (kind === "m") {
    const month = d.getUTCMonth();
    if (n === 1 || n === 2) return pad(month + 1, n);
    if (n === 3) return MONTHS[month].slice(0, 3);
    if (n === 5) return MONTHS[month][0];
    return MONTHS[month];
  }
  if (kind === "d") {
    if (n <= 2) return pad(d.getUTCDate(), n);
    return n === 3 ? DAYS[d.getUTCDay()].slice(0, 3) : DAYS[d.getUTCDay()];
  }
  if (kind === "h") {
    const h = d.getUTCHours();
    return pad(twelveHour ? h % 12 || 12 : h, Math.min(n, 2));
  }
  // Seconds, with their fraction ("ss.00").
  const fraction = code.split(".")[1]?.length ?? 0;
  const seconds = pad(d.getUTCSeconds(), Math.min(n, 2));
  return fraction ? seconds + "." + pad(d.getUTCMilliseconds(), 3).slice(0, fraction) : seconds;
}

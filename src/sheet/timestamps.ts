/** Number formats applied to cells that hold Excel serial dates (invariant format codes). */
export const TIMESTAMP_NUMBER_FORMAT = "yyyy-mm-dd hh:mm:ss";
export const DATE_NUMBER_FORMAT = "yyyy-mm-dd";
export const TIME_NUMBER_FORMAT = "hh:mm:ss";

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30 in the 1900 date system) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
const MARCH_1_1900 = Date.UTC(1900, 2, 1);
const JAN_1_1900 = Date.UTC(1900, 0, 1);
const AFTER_9999 = Date.UTC(10000, 0, 1);

// "2024-03-05 15:03:00.000", "2024-03-05T15:03:00.123456789Z", "2024-03-05 15:03:00+02:00", "… UTC", "2024-03-05".
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

function offsetMs(zone: string | undefined): number {
  if (!zone || /^(z|utc)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === "-" ? -1 : 1) * minutes * 60_000;
}

/**
 * Excel serial (1900 date system) for a UTC instant in milliseconds, or null outside 1900-01-01..9999-12-31.
 * Excel counts a fictitious 1900-02-29 (serial 60, kept from Lotus 1-2-3), so days before 1900-03-01
 * are one lower than a plain count from 1899-12-30.
 */
export function serialFromUtcMs(ms: number): number | null {
  if (!Number.isFinite(ms) || ms < JAN_1_1900 || ms >= AFTER_9999) return null;
  const serial = ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
  return ms < MARCH_1_1900 ? serial - 1 : serial;
}

/** UTC milliseconds of an Excel serial (inverse of `serialFromUtcMs`; serial 60 maps to 1900-03-01). */
export function utcMsFromSerial(serial: number): number {
  const days = serial < 61 ? serial + 1 : serial;
  return Math.round((days - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
}

/**
 * Parses an API timestamp (or date) string into an Excel serial; offsets are converted to UTC wall time,
 * which is what the API means by its timestamps. Null when the text is not a valid timestamp in Excel's range.
 */
export function timestampToSerial(text: string): number | null {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = [m[1], m[2], m[3], m[4], m[5], m[6]];
  const fraction = m[7] ? Number(`0.${m[7]}`) : 0;
  const whole = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(whole);
  // Date.UTC rolls 2024-02-31 over into March; reject instead of inventing a date.
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23) return null;
  const wholeSerial = serialFromUtcMs(whole - offsetMs(m[8]));
  return wholeSerial === null ? null : wholeSerial + fraction / 86_400;
}

/** "15:03:07.5" → fraction of a day; null when not a time of day. */
export function timeToSerial(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const fraction = m[4] ? Number(`0.${m[4]}`) : 0;
  return (h * 3600 + mi * 60 + s + fraction) / 86_400;
}

import type { QueryParameterValue } from "../client";

/**
 * Words that name a date or a moment and little else. Left out on purpose, because queries use them for numbers as
 * often as for dates: `day` and `month` (a day of the month, a month number), `from`/`to`/`start`/`end` (block
 * numbers, addresses, offsets), `period`, and plurals such as `days` (counts).
 */
const DATE_WORDS = new Set(["date", "datetime", "time", "timestamp", "since", "until"]);

/** Parts of a name: snake_case, kebab-case, spaces and camelCase boundaries (`startDate` → start, date). */
function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .split(/[_\-\s]+/)
    .filter((part) => part !== "")
    .map((part) => part.toLowerCase());
}

/**
 * Whether a parameter holds a date, judged by its name alone: a date word on its own (`date`, `since`) or as the
 * last whole part (`start_date`, `block_time`, `fromDate`). `candidate_id`, `update_limit` or `day` are not dates.
 * The one place this rule lives: what a query declares about its parameters can be put in front of it.
 */
export function isDateParameterName(name: string): boolean {
  const last = nameParts(name).at(-1);
  return last !== undefined && DATE_WORDS.has(last);
}

/** Excel's day 0 in the 1900 date system (serials from 61, 1900-03-01, on are exact). */
const SERIAL_1900 = Date.UTC(1899, 11, 30);
/** 10000-01-01: the first serial Excel does not show as a date. */
const AFTER_9999 = 2958466;

/**
 * A date cell's serial as the service's date text: `YYYY-MM-DD`, with ` HH:MM:SS` when it has a time of day.
 * Undefined for a number that is no Excel date.
 */
export function serialDateText(serial: number): QueryParameterValue | undefined {
  if (!(serial >= 1 && serial < AFTER_9999)) return undefined;
  const iso = new Date(SERIAL_1900 + Math.round(serial * 86_400_000)).toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

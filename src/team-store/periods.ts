import { GatewayInputError } from "./errors";

/**
 * Days and months as budgets count them: in one IANA time zone, the team's (UTC unless the admin sets another), so
 * that every instance, whatever its machine's zone, puts a request in the same day. A day's key is its local date
 * ("2026-03-01"), a month's its local year and month ("2026-03").
 */
export const DEFAULT_TIME_ZONE = "UTC";

export interface PeriodKeys {
  day: string;
  month: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(zone: string, at: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** A zone name Intl knows, canonical as given ("UTC", "Europe/Paris"), or a GatewayInputError. */
export function timeZone(text: string): string {
  const zone = text.trim();
  try {
    formatter(zone);
  } catch {
    throw new GatewayInputError(
      "INVALID",
      `"${text}" is not a time zone (use an IANA name such as UTC or Europe/Paris).`,
    );
  }
  return zone;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function periodKeys(zone: string, at: number): PeriodKeys {
  const local = wallClock(zone, at);
  const month = `${pad(local.year, 4)}-${pad(local.month)}`;
  return { day: `${month}-${pad(local.day)}`, month };
}

/** The zone's offset from UTC at an instant, in ms (whole seconds: Intl gives no milliseconds). */
function offsetAt(zone: string, at: number): number {
  const local = wallClock(zone, at);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a local midnight falls at (Date.UTC normalises day 32 into the next month). */
function localMidnight(zone: string, year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month - 1, day);
  let at = guess - offsetAt(zone, guess);
  at = guess - offsetAt(zone, at);
  return at;
}

/** When the day or the month containing `at` ends in the zone: the next one's first instant. */
export function periodEnd(zone: string, at: number, period: "day" | "month"): number {
  const local = wallClock(zone, at);
  return period === "day"
    ? localMidnight(zone, local.year, local.month, local.day + 1)
    : localMidnight(zone, local.year, local.month + 1, 1);
}

/** "2026-03-02 00:00 UTC", for messages. */
export function formatLocal(zone: string, at: number): string {
  const local = wallClock(zone, at);
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)} ${zone}`;
}

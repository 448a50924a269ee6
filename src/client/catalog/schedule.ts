/**
 * When curated data changes (spec, Limits): every N minutes, aligned to UTC midnight (…:00, :15, :30), or daily at a
 * UTC time. A cached dataset is good until its next refresh.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type RefreshSchedule =
  { kind: "every"; minutes: number } | { kind: "daily"; hourUtc: number; minuteUtc: number };

/** The first refresh strictly after `nowMs`. */
export function nextRefreshAt(schedule: RefreshSchedule, nowMs: number): number {
  const origin = schedule.kind === "every" ? 0 : (schedule.hourUtc * 60 + schedule.minuteUtc) * MINUTE;
  const period = schedule.kind === "every" ? schedule.minutes * MINUTE : DAY;
  return origin + (Math.floor((nowMs - origin) / period) + 1) * period;
}

/** "every 15 minutes", "daily at 23:30 UTC": how stale a refresh can be, in the user's words. */
export function scheduleText(schedule: RefreshSchedule): string {
  if (schedule.kind === "every") return `every ${schedule.minutes} minutes`;
  const two = (n: number) => String(n).padStart(2, "0");
  return `daily at ${two(schedule.hourUtc)}:${two(schedule.minuteUtc)} UTC`;
}

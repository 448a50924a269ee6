/**
 * When curated data changes (spec, Limits): AVS metrics and operators every 15 minutes, DEX pairs and social
 * trends every 30 minutes, market share daily at 23:30 UTC. Intervals are aligned to UTC midnight (…:00, :15, :30),
 * as the service publishes them. A cached dataset is good until its next refresh.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type RefreshSchedule =
  { kind: "every"; minutes: number } | { kind: "daily"; hourUtc: number; minuteUtc: number };

const SCHEDULES: readonly [RegExp, RefreshSchedule][] = [
  [/^\/v1\/restaking\//, { kind: "every", minutes: 15 }],
  [/^\/v1\/(dex|social)\//, { kind: "every", minutes: 30 }],
  [/^\/v1\/marketshare\//, { kind: "daily", hourUtc: 23, minuteUtc: 30 }],
];

export function scheduleForPath(path: string): RefreshSchedule | undefined {
  return SCHEDULES.find(([re]) => re.test(path))?.[1];
}

/** The first refresh strictly after `nowMs`. */
export function nextRefreshAt(schedule: RefreshSchedule, nowMs: number): number {
  const origin = schedule.kind === "every" ? 0 : (schedule.hourUtc * 60 + schedule.minuteUtc) * MINUTE;
  const period = schedule.kind === "every" ? schedule.minutes * MINUTE : DAY;
  return origin + (Math.floor((nowMs - origin) / period) + 1) * period;
}

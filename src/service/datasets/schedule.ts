/**
 * Refresh slots. A slot index counts refreshes since a fixed epoch, so every process (and every test) agrees on which
 * snapshot is current at a given instant without storing anything: snapshot `index` is the one refreshed at the start
 * of slot `index`.
 */
import type { RefreshSchedule } from "./types";

/** Slot 0 of an `every` schedule starts here; slot 0 of a daily schedule is its first run on or after it. */
export const REFRESH_EPOCH = Date.UTC(2024, 0, 1, 0, 0, 0);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface RefreshSlot {
  index: number;
  startedAt: Date;
  nextAt: Date;
}

/** Start of the first slot and slot length, in ms. */
function grid(schedule: RefreshSchedule): { origin: number; period: number } {
  if (schedule.kind === "every") {
    if (!(Number.isInteger(schedule.minutes) && schedule.minutes > 0)) {
      throw new RangeError(`refresh interval must be a positive whole number of minutes, got ${schedule.minutes}`);
    }
    return { origin: REFRESH_EPOCH, period: schedule.minutes * MINUTE };
  }
  const { hourUtc, minuteUtc } = schedule;
  if (!(
    Number.isInteger(hourUtc) &&
    hourUtc >= 0 &&
    hourUtc < 24 &&
    Number.isInteger(minuteUtc) &&
    minuteUtc >= 0 &&
    minuteUtc < 60
  )) {
    throw new RangeError(`daily refresh time must be a UTC hh:mm, got ${hourUtc}:${minuteUtc}`);
  }
  return { origin: REFRESH_EPOCH + (hourUtc * 60 + minuteUtc) * MINUTE, period: DAY };
}

/** The slot in force at `now`: the refresh that started at or before `now`, and the next one. */
export function refreshSlot(schedule: RefreshSchedule, now: Date): RefreshSlot {
  const { origin, period } = grid(schedule);
  // floor, not truncation: instants before the epoch get negative indices instead of sharing slot 0.
  const index = Math.floor((now.getTime() - origin) / period);
  return slotByIndex(schedule, index);
}

/** Slot `index` of a schedule (inverse of `refreshSlot`). */
export function slotByIndex(schedule: RefreshSchedule, index: number): RefreshSlot {
  const { origin, period } = grid(schedule);
  const start = origin + index * period;
  return { index, startedAt: new Date(start), nextAt: new Date(start + period) };
}

/** Whole UTC days from 1970-01-01 to the start of slot `index`: the "today" of a snapshot. */
export function snapshotDay(schedule: RefreshSchedule, index: number): number {
  return Math.floor(slotByIndex(schedule, index).startedAt.getTime() / DAY);
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01, UTC). */
export function isoDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

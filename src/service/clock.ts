/** Injectable time source, so tests can move through refresh schedules and the 90-day retention. */
export interface Clock {
  now(): Date;
}

export const wallClock: Clock = { now: () => new Date() };

export interface PollOptions {
  /** First wait after execute. Default 250 ms. */
  initialMs?: number;
  /** Longest wait between two status calls. Default 5 s. */
  maxMs?: number;
  /** Growth per poll. Default 2. */
  factor?: number;
}

/**
 * Waits between status polls: short at first (most runs finish in a second or two), growing to a cap so a
 * long run costs a few requests a minute instead of one a second forever.
 */
export function* pollDelays(options: PollOptions = {}): Generator<number, never, undefined> {
  const max = options.maxMs ?? 5_000;
  const factor = Math.max(1, options.factor ?? 2);
  let delay = Math.min(options.initialMs ?? 250, max);
  for (;;) {
    yield delay;
    delay = Math.min(max, delay * factor);
  }
}

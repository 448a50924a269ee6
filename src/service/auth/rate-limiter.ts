import type { Clock } from "../../clock";

/** Fixed one-minute windows per key id. Answers how many seconds to wait when the key is over its limit. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Returns 0 when the request may go on, else the whole seconds until the window resets. */
  take(keyId: string): number {
    if (this.perMinute <= 0) return 0;
    const now = this.clock.now();
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count += 1;
    if (w.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
  }
}

import { attemptSignal } from "../../src/client/http/timeout";
import { ManualClock } from "../support/manual-clock";

describe("an attempt's signal", () => {
  test("its timer is cleared when the caller leaves, even if the attempt is never disposed", () => {
    const clock = new ManualClock(0);
    const caller = new AbortController();
    const attempt = attemptSignal(clock, 30_000, caller.signal);
    expect(clock.pending).toBe(1);
    caller.abort();
    expect(attempt.reason()).toBe("caller");
    expect(attempt.signal.aborted).toBe(true);
    // Nothing left to time: no timer keeps the process (or a test worker) alive for the rest of the 30 s.
    expect(clock.pending).toBe(0);
  });

  test("a caller already gone starts no timer", () => {
    const clock = new ManualClock(0);
    const caller = new AbortController();
    caller.abort();
    const attempt = attemptSignal(clock, 30_000, caller.signal);
    expect(attempt.reason()).toBe("caller");
    expect(clock.pending).toBe(0);
  });

  test("the timeout still fires for an attempt nobody left, and dispose clears it otherwise", () => {
    const clock = new ManualClock(0);
    const timed = attemptSignal(clock, 30_000);
    clock.advance(30_000);
    expect(timed.reason()).toBe("timeout");
    const done = attemptSignal(clock, 30_000);
    done.dispose();
    expect(clock.pending).toBe(0);
  });
});

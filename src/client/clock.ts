import type { Clock } from "../clock";
import { CancelledError } from "./errors/local-errors";

/** Wait `ms`; rejects with CancelledError as soon as `signal` aborts, so no wait outlives its caller. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError({ cause: signal.reason, detail: "aborted while waiting" }));
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(new CancelledError({ cause: signal?.reason, detail: "aborted while waiting" }));
    };
    const handle = clock.setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

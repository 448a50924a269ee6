import { CancelledError } from "./errors/local-errors";

/**
 * Time as the client sees it. Injected (DESIGN §4.6) so tests move through backoffs, timeouts and polling
 * without real waiting and without patching globals.
 */
export interface ClientClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: ClientClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Wait `ms`; rejects with CancelledError as soon as `signal` aborts, so no wait outlives its caller. */
export function sleep(clock: ClientClock, ms: number, signal?: AbortSignal): Promise<void> {
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

import type { Clock } from "../../clock";

/**
 * One AbortSignal per attempt that fires on the caller's abort or on the attempt's timeout, and remembers
 * which of the two it was: the first becomes a CancelledError, the second a TimeoutError.
 * (AbortSignal.any/timeout are not in every Office runtime, hence by hand.)
 */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** "timeout" or "caller" once aborted, undefined before. */
  readonly reason: () => "timeout" | "caller" | undefined;
  /** Stop the timer and detach from the caller's signal. Call when the attempt is done, body included. */
  dispose(): void;
}

export function attemptSignal(clock: Clock, timeoutMs: number, caller?: AbortSignal): AttemptSignal {
  const controller = new AbortController();
  let why: "timeout" | "caller" | undefined;
  const onCallerAbort = (): void => {
    if (why === undefined) why = "caller";
    controller.abort(caller?.reason);
  };
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });

  const handle =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? clock.setTimeout(() => {
          if (why === undefined) why = "timeout";
          controller.abort();
        }, timeoutMs)
      : undefined;

  return {
    signal: controller.signal,
    reason: () => why,
    dispose: () => {
      if (handle !== undefined) clock.clearTimeout(handle);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** A signal that aborts when any of `signals` does; `dispose` detaches it. */
export function linkSignals(...signals: (AbortSignal | undefined)[]): {
  signal: AbortSignal;
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  for (const s of signals) {
    if (!s) continue;
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    const listener = (): void => controller.abort(s.reason);
    s.addEventListener("abort", listener, { once: true });
    listeners.push([s, listener]);
  }
  return {
    signal: controller.signal,
    controller,
    dispose: () => {
      for (const [s, l] of listeners) s.removeEventListener("abort", l);
    },
  };
}

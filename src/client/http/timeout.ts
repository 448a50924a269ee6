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
  let handle: ReturnType<Clock["setTimeout"]> | undefined;
  const onCallerAbort = (): void => {
    if (why === undefined) why = "caller";
    controller.abort(caller?.reason);
    // The attempt is over once its caller leaves: its timer has nothing left to time. Cleared here rather than only
    // in dispose(), so a read left early (a pager's pages in flight when the caller stopped) holds no timer open for
    // the rest of its timeout (a process or a test worker would otherwise wait that long to exit).
    if (handle !== undefined) clock.clearTimeout(handle);
    handle = undefined;
  };
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });

  if (why === undefined && Number.isFinite(timeoutMs) && timeoutMs > 0)
    handle = clock.setTimeout(() => {
      if (why === undefined) why = "timeout";
      controller.abort();
    }, timeoutMs);

  return {
    signal: controller.signal,
    reason: () => why,
    dispose: () => {
      if (handle !== undefined) clock.clearTimeout(handle);
      handle = undefined;
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

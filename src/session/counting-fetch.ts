import type { FetchLike } from "../client";
import type { UsageTracker } from "./usage-tracker";

/**
 * Wraps the fetch every session client uses and counts its requests. Reads and executions are counted by the
 * client's observer instead (see spending-observer.ts): it sees each body's exact size as received, after fetch
 * undid any compression, and the statuses that report what an execution cost. It never looks at headers, so the
 * key cannot reach the tracker.
 */
export function countingFetch(inner: FetchLike | undefined, usage: UsageTracker): FetchLike {
  return async (input, init) => {
    usage.recordRequest();
    const impl: FetchLike = inner ?? ((url, options) => globalThis.fetch(url, options));
    return impl(input, init);
  };
}

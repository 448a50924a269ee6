import { type FetchLike, type PerformanceChoice, TIER_WIRE_NAMES } from "../client";
import type { UsageTracker } from "./usage-tracker";

const EXECUTE_PATH = /\/v1\/query\/\d+\/execute$/;

/** The tier an execute asked for, from its body: a tier's wire name, or none (the service chose: auto). */
function performanceOf(body: RequestInit["body"]): PerformanceChoice {
  let sent: unknown;
  try {
    sent = typeof body === "string" ? (JSON.parse(body) as { performance?: unknown }).performance : undefined;
  } catch {
    return "auto";
  }
  const tier = (Object.keys(TIER_WIRE_NAMES) as (keyof typeof TIER_WIRE_NAMES)[]).find(
    (t) => TIER_WIRE_NAMES[t] === sent,
  );
  return tier ?? "auto";
}

/**
 * Wraps the fetch every session client uses: counts requests, and the credits of executions the service accepted.
 * It looks only at the URL path and the request body, never at headers, so the key cannot reach the tracker.
 */
export function countingFetch(inner: FetchLike | undefined, usage: UsageTracker): FetchLike {
  return async (input, init) => {
    usage.recordRequest();
    const impl: FetchLike = inner ?? ((url, options) => globalThis.fetch(url, options));
    const response = await impl(input, init);
    if (init.method === "POST" && response.ok && EXECUTE_PATH.test(new URL(input).pathname)) {
      usage.recordExecution(performanceOf(init.body));
    }
    return response;
  };
}

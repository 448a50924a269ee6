import type { FetchLike } from "../client";
import type { UsageTracker } from "./usage-tracker";

const EXECUTE_PATH = /\/v1\/query\/\d+\/execute$/;

function performanceOf(body: RequestInit["body"]): "medium" | "large" {
  if (typeof body !== "string") return "medium";
  try {
    return (JSON.parse(body) as { performance?: unknown }).performance === "large" ? "large" : "medium";
  } catch {
    return "medium";
  }
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

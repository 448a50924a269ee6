import { addCredits, readCredits, type BillingPlan } from "../billing";
import type { FetchLike } from "../client";

/** What went over the wire, as the billing contract counts it. */
export interface Meter {
  requests: number;
  /** Requests that reached the service's execute endpoint. */
  executes: number;
  /** Body bytes (uncompressed) of billed reads: result pages of executions, queries and datasets. */
  readBytes: number;
  /** Their credits, each response priced on its own (per request, never rounded down). */
  readCredits: number;
}

export function newMeter(): Meter {
  return { requests: 0, executes: 0, readBytes: 0, readCredits: 0 };
}

const EXECUTE = /\/v1\/query\/\d+\/execute$/;
/** Free GETs: an execution's status, a saved query's definition. Every other GET returns result rows. */
const FREE_GET = /\/v1\/execution\/[^/]+\/status$|\/v1\/query\/\d+$/;

/**
 * Wraps the client's fetch to count what the service bills: each successful read's response body as sent, before
 * compression (fetch hands the body decompressed), priced per request on the user's plan. It reads the URL and the
 * body, never the headers, so the key cannot reach the meter.
 */
export function meteredFetch(inner: FetchLike | undefined, meter: Meter, plan: BillingPlan): FetchLike {
  return async (input, init) => {
    meter.requests++;
    const impl: FetchLike = inner ?? ((url, options) => globalThis.fetch(url, options));
    const response = await impl(input, init);
    const path = new URL(input).pathname;
    const method = (init.method ?? "GET").toUpperCase();
    if (method === "POST" && EXECUTE.test(path)) meter.executes++;
    if (method !== "GET" || !response.ok || FREE_GET.test(path)) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    meter.readBytes += body.byteLength;
    meter.readCredits = addCredits(meter.readCredits, readCredits(body.byteLength, plan));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

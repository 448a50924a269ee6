import type { FetchLike } from "../../../src/client";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** One scripted answer: a response, a thrown error, or a request that hangs until aborted. */
export type Scripted =
  { status: number; body?: unknown; headers?: Record<string, string> } | { throws: unknown } | { hang: true };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    headers: { "Content-Type": typeof body === "string" ? "text/plain" : "application/json", ...headers },
  });
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const error = new Error("This operation was aborted");
  error.name = "AbortError";
  return error;
}

/** Undici's shape for "connection refused": TypeError('fetch failed') with the system error as cause. */
export function refusedError(): TypeError {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED", errno: -111 });
  return new TypeError("fetch failed", { cause });
}

export function resetError(): TypeError {
  const cause = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
  return new TypeError("fetch failed", { cause });
}

function toRecord(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  return headers;
}

export function record(input: string, init: RequestInit): RecordedCall {
  return {
    url: input,
    method: init.method ?? "GET",
    headers: toRecord(init),
    body: typeof init.body === "string" ? init.body : undefined,
    signal: init.signal ?? undefined,
  };
}

/** A request that settles only when its signal aborts. */
export function hangUntilAborted(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    signal?.addEventListener("abort", () => reject(abortError(signal)), { once: true });
  });
}

/** A fetch that answers with `script` in order (the last entry repeats) and records every call. */
export function scriptedFetch(script: Scripted[]): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fake = async (input: string, init: RequestInit): Promise<Response> => {
    calls.push(record(input, init));
    const step = script[Math.min(calls.length - 1, script.length - 1)]!;
    if ("throws" in step) throw step.throws;
    if ("hang" in step) return hangUntilAborted(init.signal ?? undefined);
    return jsonResponse(step.status, step.body ?? {}, step.headers);
  };
  return Object.assign(fake, { calls });
}

/** A fetch routed by a handler, recording calls. */
export function handlerFetch(
  handler: (call: RecordedCall, url: URL) => Response | Promise<Response>,
): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fake = async (input: string, init: RequestInit): Promise<Response> => {
    const call = record(input, init);
    calls.push(call);
    return handler(call, new URL(input));
  };
  return Object.assign(fake, { calls });
}

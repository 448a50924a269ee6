import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import type { ApiRoute } from "./api-routes";
import type { UpstreamBody } from "./upstream";

export interface RequestBody {
  /** A body read whole (the policy may read it: an execute's tier). */
  body: Buffer | undefined;
  /** What goes upstream. */
  upstreamBody: UpstreamBody | undefined;
  /** A streamed body's declared length, when it has one. */
  bodyBytes?: number;
}

const isStream = (value: unknown): value is Readable =>
  typeof value === "object" && value !== null && typeof (value as Readable).pipe === "function";

/**
 * A request's body as the relay forwards it: none for a GET; a streamed route's as the request's own stream with its
 * declared length; any other read whole (an empty one when none came, as the upstream expects of a POST).
 */
export function bodyOf(route: ApiRoute, request: FastifyRequest): RequestBody {
  if (route.method === "GET") return { body: undefined, upstreamBody: undefined };
  if (route.streamedBody && isStream(request.body)) {
    const declared = request.headers["content-length"];
    const length = typeof declared === "string" && /^\d{1,15}$/.test(declared) ? Number(declared) : undefined;
    const result: RequestBody = { body: undefined, upstreamBody: { stream: request.body, length } };
    if (length !== undefined) result.bodyBytes = length;
    return result;
  }
  const whole = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return { body: whole, upstreamBody: whole };
}

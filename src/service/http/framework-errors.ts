import type { FastifyReply, FastifyRequest } from "fastify";
import { clientErrorHandler } from "../../http-common";
import { apiError, type ApiError } from "../errors";

/**
 * Errors raised by the framework and the HTTP parser, not by our routes, answered with the same `{"error": message}`
 * body as every other error and without echoing the path back (it may be long, or carry what the caller typed).
 */

/** Routing failures: a path that is not a valid URL component, or a path parameter over the length limit. */
export function routingError(error: { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const api: ApiError =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? apiError("uri_too_long")
      : apiError("bad_request_line", { reason: "the path is not a valid URL" });
  void reply.status(api.status).headers(api.headers).send({ error: api.message });
}

/**
 * Requests Node's HTTP parser rejects before any route sees them (headers too large, a malformed request line):
 * the socket gets a complete HTTP answer with our body, then closes.
 */
export const clientError = clientErrorHandler((error) => {
  const api =
    error.code === "HPE_HEADER_OVERFLOW"
      ? apiError("headers_too_large")
      : apiError("bad_request_line", { reason: "it is not valid HTTP" });
  return { status: api.status, message: api.message };
});

/** A Host header that is a host name or address with an optional port; anything else is a 400. */
export function isWellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0 without Host: nothing to misread
  return /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host);
}

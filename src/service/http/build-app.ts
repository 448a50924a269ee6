import type { Socket } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import cors from "@fastify/cors";
import compress from "@fastify/compress";
import type { KeyRing } from "../auth/keys";
import type { RateLimiter } from "../auth/rate-limiter";
import { ApiError, apiError } from "../errors";
import { clientError, isWellFormedHost, routingError } from "./framework-errors";
import { validationError } from "./route-schemas";
import { redirectTrailingSlash } from "./trailing-slash";
import { COMPRESSION_PLUGIN_OPTIONS, apiCorsOptions, noSniffOnErrors } from "../../http-common";

export const BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  keys: KeyRing;
  /** All requests, reads (GET) and writes (POST), each per key per minute. */
  rateLimiters: { all: RateLimiter; read: RateLimiter; write: RateLimiter };
  corsOrigins: (string | RegExp)[];
  log: (line: string) => void;
}

/**
 * The HTTP shell: CORS for the add-in's origins (preflights carry no key, so CORS runs before auth), compression,
 * authentication and rate limiting on every /v1 route, and one error handler that turns everything into the
 * registry's `{error}` bodies. The fastify logger stays off: request URLs may carry an `api_key`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Route schemas declare the query strings and the execute body; an unknown body field is an error, not dropped.
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    frameworkErrors: routingError,
    clientErrorHandler: clientError,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: "array", allErrors: false, allowUnionTypes: true } },
  });
  noSniffOnErrors(app);
  await app.register(cors, apiCorsOptions(deps.corsOrigins));
  // Bodies are JSON only: a text/plain body would otherwise reach the routes as a string.
  app.removeContentTypeParser("text/plain");
  // Result pages are compressed by the route (`sendEncoded`, gzip kept with cached pages); the plugin does the rest.
  await app.register(compress, COMPRESSION_PLUGIN_OPTIONS);

  app.addHook("onRequest", async (request, reply) => {
    // next_uri is built from the configured public address, never from Host; a malformed one is refused anyway.
    if (!isWellFormedHost(request.headers.host)) throw apiError("bad_host");
    if (request.method === "OPTIONS") return;
    // As the real service: before the key is looked at (a redirect reveals nothing and spends nothing).
    if (redirectTrailingSlash(request, reply, request.server.publicUrl().pathname)) return reply;
    const header = request.headers["x-service-api-key"];
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
    const presented = typeof header === "string" ? header : typeof fromQuery === "string" ? fromQuery : undefined;
    const caller = deps.keys.authenticate(presented);
    if (!caller) throw apiError("invalid_api_key");
    // Writes are what starts or stops work or changes data (execute, cancel, uploads); the usage report is a read,
    // though it is a POST.
    const write = request.method === "DELETE" || (request.method === "POST" && !request.url.startsWith("/v1/usage"));
    const kind = write ? deps.rateLimiters.write : deps.rateLimiters.read;
    for (const limiter of [deps.rateLimiters.all, kind]) {
      const wait = limiter.take(caller.keyId);
      if (wait > 0) throw apiError("rate_limited", { limit: limiter.perMinute }, { "Retry-After": String(wait) });
    }
    request.caller = caller;
    reply.header("Cache-Control", "no-store");
  });

  closeUnusedSocketsOnClose(app);

  app.setNotFoundHandler((request) => {
    throw apiError("route_not_found", { method: request.method, path: request.url.split("?")[0] });
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const api =
      error instanceof ApiError
        ? error
        : error.validation
          ? validationError(error.validation, error.validationContext, request)
          : fromFastifyError(error);
    // A full disk (507) is logged once, where it is found; every other 5xx is a fault worth its stack.
    if (api.status >= 500 && api.code !== "storage_full") {
      deps.log(`${api.status} on ${request.method} ${request.url.split("?")[0]}: ${error.stack ?? error.message}`);
    }
    void reply.status(api.status).headers(api.headers).send({ error: api.message });
  });
  return app;
}

function fromFastifyError(error: FastifyError): ApiError {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return apiError("body_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return apiError("unsupported_media_type");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return apiError("invalid_body", { reason: "is empty but Content-Type says JSON; send {} or no Content-Type" });
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return apiError("invalid_body", { reason: "is not valid JSON" });
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return apiError("invalid_body", { reason: "is not valid JSON" });
  }
  return apiError("internal");
}

/**
 * Closing waits for requests in flight, and fastify closes idle keep-alive connections, but a connection that has
 * not sent a whole request head yet (an HTTP client's pool opens one ahead, for instance after a caller abandoned a
 * streamed page; a slow or stalled client mid-headers) is neither: the server would wait for it until its headers
 * timeout. Every socket with no request being answered is closed at once; those answering finish, then close.
 */
function closeUnusedSocketsOnClose(app: FastifyInstance): void {
  const sockets = new Map<Socket, number>(); // requests being answered on each socket
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    sockets.set(socket, 0);
    socket.once("close", () => sockets.delete(socket));
  });
  app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket as Socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    response.once("close", () => {
      if (!sockets.has(socket)) return;
      const answering = Math.max(0, (sockets.get(socket) ?? 1) - 1);
      sockets.set(socket, answering);
      // An answer finished after closing began leaves a kept-alive connection nobody will use: end it once flushed.
      if (closing && answering === 0) socket.end();
    });
  });
  app.addHook("preClose", async () => {
    closing = true;
    for (const [socket, answering] of sockets) if (answering === 0) socket.destroy();
  });
}

import type { FastifyInstance } from "fastify";

/**
 * Every error answer tells browsers not to guess its type (`X-Content-Type-Options: nosniff`): an error body may
 * quote what the caller sent, and a browser that sniffed it as HTML or script would run it. Set here once for each
 * server's every answer of status 400 or more, whoever made it (a route, the error handler, the framework's own
 * refusals, an upstream's error passed on by the relay); the HTTP parser's raw refusals carry it too
 * (`clientErrorHandler`).
 */
export const NO_SNIFF: Readonly<Record<string, string>> = { "X-Content-Type-Options": "nosniff" };

export function noSniffOnErrors(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.headers(NO_SNIFF);
    return payload;
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** The address callers reach the service at (`--public-url`, else the bound address): paging links use it. */
    publicUrl(): URL;
  }
}

/** Installs the public address, read when a link is built (the bound port is known only once listening). */
export function decoratePublicUrl(app: FastifyInstance, current: () => URL): void {
  app.decorate("publicUrl", current);
}

/** The absolute URL of this request's path on the public address, with no query string. Never from `Host`. */
export function publicPathUrl(request: FastifyRequest): URL {
  const base = request.server.publicUrl();
  const url = new URL(base.origin);
  url.pathname = base.pathname.replace(/\/+$/, "") + request.url.split("?")[0];
  return url;
}

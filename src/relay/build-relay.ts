import cors from "@fastify/cors";
import replyFrom from "@fastify/reply-from";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import { API_ROUTES, upstreamPath, type ApiRoute } from "./api-routes";
import { KeyAuthorizations } from "./key-authorizations";
import { ResultCache, type CachedPage } from "./result-cache";
import { linkThroughRelay, rewriteEnvelope } from "./paging-links";
import { KEY_HEADER, canonicalQuery, keyOf, pick, readText } from "./request-parts";
import { COMPRESSION_PLUGIN_OPTIONS, apiCorsOptions, sendEncoded, type EncodedBody } from "../service";
import { apiRootPath } from "../client";

export interface RelayConfig {
  /** The service the relay stands in front of, e.g. the real API's base address (a path prefix is kept; a trailing `/v1` means its parent, as for the client). */
  upstream: URL;
  /** The address the add-in reaches the relay at; paging links are rewritten to point here. */
  publicUrl: () => URL;
  /** Origins allowed by CORS. */
  allowOrigins: string[];
  cacheMb: number;
  cacheDir?: string;
  /** How long an upstream "yes, this key may read this execution" is trusted for cached pages. */
  authorizationTtlMs: number;
  /** One line per request; never a key, never a query string. */
  log: (line: string) => void;
  fetch?: typeof fetch;
}

const NOT_FOUND = "not found: the relay forwards only the API's own routes";
/** Response headers the relay passes on (hop-by-hop and cookies are dropped). */
const PASSED_HEADERS = ["content-type", "retry-after", "x-service-next-offset", "x-service-next-uri", "cache-control"];
/** Request headers sent upstream: the key, the body's type, what the caller accepts. */
const FORWARDED_HEADERS = [KEY_HEADER, "content-type", "accept"];

declare module "fastify" {
  interface FastifyRequest {
    relayCache?: "hit" | "miss" | "none";
  }
}

/**
 * The relay (DESIGN §2): forwards only the API's own routes to the upstream with the caller's key untouched, answers
 * CORS for the add-in's origins, rewrites paging links to itself, and shares a cache of pages of finished executions,
 * served to a key only once the upstream has let that key read that execution.
 */
export async function buildRelay(config: RelayConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // A path that is no valid URL, or an over-long parameter, is simply not one of the API's routes.
    frameworkErrors: (_error, _request, reply) => void refuse(reply as unknown as FastifyReply),
  });
  const cache = new ResultCache(config.cacheMb * 1024 * 1024, config.cacheDir);
  const grants = new KeyAuthorizations(config.authorizationTtlMs);
  const encodedPages = new WeakMap<CachedPage, EncodedBody>();
  const fetchUpstream = config.fetch ?? fetch;
  const base = `${config.upstream.origin}${apiRootPath(config.upstream.pathname)}`;

  await app.register(cors, apiCorsOptions(config.allowOrigins));
  // Answers go to browsers over the internet: compressed as the service compresses its own (brotli for browsers,
  // gzip otherwise). Upstream requests ask for none, so cached pages are plain text.
  await app.register(compress, COMPRESSION_PLUGIN_OPTIONS);
  await app.register(replyFrom, { base, disableRequestLogging: true });

  app.get("/healthz", async () => ({ ok: true }));

  for (const route of API_ROUTES) {
    app.route({
      method: route.method,
      url: route.pattern,
      handler: (request, reply) => forward(route, request, reply),
    });
  }

  app.setNotFoundHandler((_request, reply) => refuse(reply));
  // An absolute-form target (`GET http://elsewhere/…`) is a proxy request: this is not a proxy for anywhere else.
  app.addHook("onRequest", async (request, reply) => {
    if (!request.raw.url?.startsWith("/")) return refuse(reply);
  });

  app.addHook("onResponse", async (request, reply) => {
    config.log(
      JSON.stringify({
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        cache: request.relayCache ?? "none",
      }),
    );
  });

  const relayLink = (link: string) => linkThroughRelay(link, config.upstream, config.publicUrl());

  async function forward(route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const path = upstreamPath(route, request.params as Record<string, string>);
    if (path === undefined) return refuse(reply);
    const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    const key = keyOf(request);
    const executionId = (request.params as { execution_id?: string }).execution_id;
    const cacheKey = route.cacheable && executionId !== undefined ? `${path}${canonicalQuery(search)}` : undefined;
    request.relayCache = cacheKey ? "miss" : "none";

    if (cacheKey && key) {
      const hit = await cache.get(cacheKey);
      if (hit && (await mayRead(key, executionId as string))) {
        request.relayCache = "hit";
        return sendEncoded(request, reply.status(hit.status), encodedPage(hit));
      }
    }

    return reply.from(`${path}${search}`, {
      rewriteRequestHeaders: (_req, headers) => pick(headers, FORWARDED_HEADERS),
      rewriteHeaders: (headers) => {
        const kept = pick(headers as IncomingHttpHeaders, PASSED_HEADERS);
        if (typeof kept["x-service-next-uri"] === "string")
          kept["x-service-next-uri"] = relayLink(kept["x-service-next-uri"]);
        return kept;
      },
      onResponse: (_req, rep, res) => {
        void readText(res.stream)
          .then(async (text) => {
            const type = String(rep.getHeader("content-type") ?? "");
            let body = text;
            let expiresAt: number | undefined;
            if (type.includes("json") && res.statusCode === 200) {
              body = rewriteEnvelope(text, relayLink, (at) => (expiresAt = at));
            }
            const raw = Buffer.from(body);
            // Made once: the answer now and every cache hit later share the compressed forms.
            const forms: EncodedBody["encoded"] = {};
            if (cacheKey && key && res.statusCode === 200) {
              // The upstream just let this key read this execution.
              grants.grant(KeyAuthorizations.digest(key), executionId as string);
              const page: CachedPage = {
                status: 200,
                contentType: type,
                headers: pick(
                  rep.getHeaders() as IncomingHttpHeaders,
                  PASSED_HEADERS.filter((h) => h !== "content-type"),
                ),
                body,
                expiresAt: expiresAt ?? (type.includes("csv") ? Date.now() + CSV_TTL_MS : 0),
              };
              encodedPages.set(page, { contentType: type, headers: page.headers, raw, encoded: forms });
              await cache.set(cacheKey, page);
            }
            rep.removeHeader("content-length");
            // Compressed in one piece off the event loop (the page is whole here anyway), not streamed.
            await sendEncoded(request, reply, { contentType: type, headers: {}, raw, encoded: forms });
          })
          .catch(() => {
            // Whatever went wrong with this body (the upstream cut it off, say), the caller gets an answer and the
            // relay keeps running; the request's log line records the 502.
            if (!rep.sent)
              void rep.status(502).send({ error: "the upstream service sent an answer the relay could not pass on" });
          });
      },
      onError: (rep) => {
        void rep.status(502).send({ error: "the upstream service did not answer" });
      },
    });
  }

  /** A cached page as a body to send, its compressed forms made once and kept with it. */
  function encodedPage(page: CachedPage): EncodedBody {
    let body = encodedPages.get(page);
    if (!body) {
      body = { contentType: page.contentType, headers: page.headers, raw: Buffer.from(page.body), encoded: {} };
      encodedPages.set(page, body);
    }
    return body;
  }

  /** Whether the upstream lets this key read this execution: remembered for a while, else asked (status call). */
  async function mayRead(key: string, executionId: string): Promise<boolean> {
    const digest = KeyAuthorizations.digest(key);
    if (grants.allowed(digest, executionId)) return true;
    const answer = await fetchUpstream(`${base}/v1/execution/${encodeURIComponent(executionId)}/status`, {
      headers: { "X-Service-Api-Key": key },
      redirect: "manual",
    }).catch(() => undefined);
    await answer?.body?.cancel().catch(() => undefined);
    if (answer?.status !== 200) return false;
    grants.grant(digest, executionId);
    return true;
  }

  return app;
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ error: NOT_FOUND });
}

/** CSV pages carry no expiry; a cached one is kept this long (the JSON pages use the result's own expires_at). */
const CSV_TTL_MS = 60 * 60 * 1000;

import cors from "@fastify/cors";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { apiCorsOptions, clientErrorHandler, noSniffOnErrors, sendEncoded } from "../http-common";
import { API_ROUTES, upstreamPath, type ApiRoute } from "./api-routes";
import { KEY_HEADER, callerKey } from "./caller-key";
import { passThrough, type ForwardingPolicy, type Passage } from "./forwarding-policy";
import { bodyOf } from "./request-body";
import { readWhole } from "./whole-answer";
import { Redactor } from "./redaction";
import { KeyAuthorizations } from "./key-authorizations";
import { linkThroughRelay } from "./paging-links";
import { BODY_LIMIT_MB, RelayRefusal, answer, fromFramework, refusals } from "./relay-errors";
import { cacheParams, canonicalQuery, parseQuery } from "./request-target";
import { ResultCache, keptUntil, type CacheLimits } from "./result-cache";
import { sendSettled } from "./settled-answer";
import { sendStreamed, type CompleteAnswer } from "./streamed-answer";
import { Upstream } from "./upstream";
import { requestId } from "./operations/request-id";
import { refuseOtherOrigins } from "./origin-refusal";

export interface RelayConfig {
  /** The service the relay stands in front of, e.g. the real API's base address (a path prefix is kept; a trailing `/v1` means its parent, as for the client). */
  upstream: URL;
  /** The address the add-in reaches the relay at; paging links are rewritten to point here. */
  publicUrl: () => URL;
  /** Origins allowed by CORS. */
  allowOrigins: string[];
  cache: CacheLimits;
  cacheDir?: string;
  /** How long an upstream "yes, this key may read this execution" is trusted for cached pages. */
  authorizationTtlMs: number;
  /** One line per request; never a key, never a query string. */
  log: (line: string) => void;
  /** For the relay's own authorisation checks (status calls). */
  fetch?: typeof fetch;
  /**
   * Who may use the relay and what is held and booked around each request: by default the caller's own key passes
   * through; gateway mode's policy has people with personal tokens, the team's key upstream, budgets, pacing, audit.
   */
  policy?: ForwardingPolicy;
  /** Called when the upstream did not answer a request (counted in the metrics). */
  onUpstreamError?: () => void;
}

declare module "fastify" {
  interface FastifyRequest {
    relayCache?: "hit" | "miss" | "none";
    /** Who the request came from, as the forwarding policy names them for the log line (in gateway mode, the person). */
    relayCaller?: Readonly<Record<string, string>>;
  }
}

/**
 * The relay: forwards only the API's own routes to the upstream with the caller's one key, answers CORS for the
 * add-in's origins, streams answers through with paging links pointed at itself, and shares a cache of pages of
 * finished executions, served to a key only once the upstream has let that key read that execution.
 */
export async function buildRelay(config: RelayConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    trustProxy: false,
    // Each request's id, in its log line and its X-Request-Id answer header (a plain one given by a proxy kept).
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_MB * 1024 * 1024,
    // A path that is no valid URL is a bad request; an over-long parameter is simply not one of the API's routes.
    // The reply is sent by answer(); fastify's reply is thenable, and nothing here waits on it.
    frameworkErrors: (error, _request, reply) => {
      void answer(
        reply as unknown as FastifyReply,
        error.code === "FST_ERR_BAD_URL" ? refusals.badPath() : refusals.notFound(),
      );
    },
    clientErrorHandler: clientErrorHandler((error) =>
      error.code === "HPE_HEADER_OVERFLOW" ? refusals.headersTooLarge() : refusals.notHttp(),
    ),
  });
  const cache = new ResultCache(config.cache, config.cacheDir);
  await cache.open();
  const grants = new KeyAuthorizations(config.authorizationTtlMs);
  const upstream = new Upstream(config.upstream);
  const fetchUpstream = config.fetch ?? fetch;
  app.addHook("onClose", async () => upstream.close());

  noSniffOnErrors(app);
  // Before the CORS plugin's own hook: another origin is answered here, readably, and goes no further.
  refuseOtherOrigins(app, config.allowOrigins);
  await app.register(cors, apiCorsOptions(config.allowOrigins));
  // A body goes upstream as it came, whatever its type: the upstream reads it and answers for it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.get("/healthz", async () => ({ ok: true }));
  const policy = config.policy ?? passThrough;
  policy.install(app, async (target, key) => {
    const headers = { "accept-encoding": "identity", [KEY_HEADER]: key };
    const res = await upstream.send("GET", target, headers).response;
    return { status: res.statusCode ?? 502, body: await readWhole(res) };
  });
  app.addHook("onClose", async () => policy.close());
  for (const route of API_ROUTES) if (!route.streamedBody) addRoute(app, route);

  app.setNotFoundHandler(async () => {
    throw refusals.notFound();
  });
  // An absolute-form target (`GET http://elsewhere/…`) is a proxy request: this is not a proxy for anywhere else.
  app.addHook("onRequest", async (request) => {
    if (!request.raw.url?.startsWith("/")) throw refusals.notFound();
  });
  app.setErrorHandler((error: FastifyError | RelayRefusal, request, reply) => {
    const refusal = error instanceof RelayRefusal ? error : fromFramework(error);
    if (refusal.status >= 500 && !(error instanceof RelayRefusal)) {
      config.log(
        JSON.stringify({ id: request.id, failed: request.routeOptions.url ?? "unmatched", error: error.message }),
      );
    }
    return answer(reply, refusal);
  });

  app.addHook("onResponse", async (request, reply) => {
    config.log(
      JSON.stringify({
        time: new Date().toISOString(),
        id: request.id,
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        cache: request.relayCache ?? "none",
        ...request.relayCaller,
      }),
    );
  });

  const relayLink = (link: string) => linkThroughRelay(link, config.upstream, config.publicUrl());

  async function forward(route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const params = request.params as Record<string, string>;
    const path = upstreamPath(route, params);
    if (path === undefined) throw refusals.notFound();
    // Parsed once; what goes upstream is this canonical text, and a cached page is kept under exactly it.
    const query = parseQuery(request.raw.url ?? "");
    const key = callerKey(request.raw.rawHeaders, query.apiKey);
    // The policy says who the caller is and which key goes upstream (authorisations for cached pages are that key's).
    const caller = await policy.authenticate(key);
    request.relayCaller = caller.logFields;
    const upstreamKey = caller.upstreamKey;
    const executionId = params.execution_id;
    const cacheable = route.cacheable && route.method === "GET" && executionId !== undefined;
    // The upstream gets the parameters as given; the cache keeps the page once for both names of the guard.
    const cacheKey = cacheable ? `${path}${canonicalQuery(cacheParams(query.params))}` : undefined;
    request.relayCache = cacheKey ? "miss" : "none";

    if (cacheKey && upstreamKey) {
      const hit = await cache.get(cacheKey);
      if (hit && (await mayRead(upstreamKey, executionId as string, () => caller.paceAuthorization()))) {
        request.relayCache = "hit";
        await caller.auditCacheHit(executionId as string, hit.page.body.length);
        return sendEncoded(request, reply.status(hit.page.status), hit.body);
      }
    }

    const { body, upstreamBody, bodyBytes } = bodyOf(route, request);
    let passage: Passage;
    try {
      passage = await caller.reserve({ route, path, params, query: new Map(query.params), body, bodyBytes });
    } catch (error) {
      // Refused before it went: a streamed body is read to its end and dropped, so the refusal reaches the caller.
      if (upstreamBody !== undefined && !Buffer.isBuffer(upstreamBody)) upstreamBody.stream.resume();
      throw error;
    }
    // The parameters as given, unless the policy changed them (a page under the gateway's cap): then the page is
    // kept in the cache under what was really asked for.
    const sent = passage.query ? [...passage.query] : query.params;
    const target = `${path}${canonicalQuery(sent)}`;
    const keptAs = cacheKey && passage.query ? `${path}${canonicalQuery(cacheParams(sent))}` : cacheKey;
    // Only these go upstream: the key (in its header, never the URL), the body's type, and "no compression", so
    // the relay can read the envelope it passes on.
    const headers: Record<string, string> = { "accept-encoding": "identity" };
    if (upstreamKey !== undefined) headers[KEY_HEADER] = upstreamKey;
    const type = request.headers["content-type"];
    if (route.method !== "GET" && typeof type === "string") headers["content-type"] = type;
    const call = upstream.send(route.method, target, headers, upstreamBody);
    // An answer the policy settles whole is not stopped when the caller leaves, nor one it books by its bytes (the
    // service bills the whole page it sends: it is read to its end and counted). Any other is: the caller left
    // before the answer was whole.
    const whole = passage.whole;
    reply.raw.once("close", () => {
      if (!whole && !passage.counted && !reply.raw.writableFinished) call.abort();
    });
    let res: IncomingMessage;
    try {
      res = await call.response;
    } catch {
      config.onUpstreamError?.();
      await passage.unanswered();
      throw refusals.upstreamUnreachable();
    }
    const redact = caller.hidden === undefined ? undefined : new Redactor(caller.hidden);
    if (whole) return sendSettled(whole, request, reply, res, redact);
    const keep = keptAs !== undefined && upstreamKey !== undefined;
    // The upstream just let this key read this execution.
    if (keep && res.statusCode === 200) grants.grant(KeyAuthorizations.digest(upstreamKey), executionId as string);
    return sendStreamed(request, reply, res, {
      relayLink,
      keep: keep ? { limitBytes: cache.limits.pageBytes, complete: (whole) => keepPage(keptAs, whole) } : undefined,
      counted: passage.counted,
      redact,
    });
  }

  /** Keeps a whole 200 page of a finished result until it expires. */
  function keepPage(cacheKey: string, whole: CompleteAnswer): void {
    const expiresAt = whole.status === 200 ? keptUntil(whole.contentType, whole.fields) : undefined;
    if (expiresAt === undefined) return;
    const encoded = whole.encoded ? { [whole.encoded.encoding]: Promise.resolve(whole.encoded.body) } : {};
    const page = { status: 200, contentType: whole.contentType, headers: whole.headers, body: whole.body, expiresAt };
    cache.set(cacheKey, page, encoded).catch(() => undefined);
  }

  /**
   * Whether the upstream lets this key read this execution: remembered for a while, else asked (status call, which
   * `beforeAsking` may refuse: in gateway mode it is taken from the person's share of the pace).
   */
  async function mayRead(key: string, executionId: string, beforeAsking: () => unknown): Promise<boolean> {
    const digest = KeyAuthorizations.digest(key);
    if (grants.allowed(digest, executionId)) return true;
    try {
      await beforeAsking();
    } catch {
      return false;
    }
    const answer = await fetchUpstream(`${upstream.root}/v1/execution/${encodeURIComponent(executionId)}/status`, {
      headers: { "X-Service-Api-Key": key },
      redirect: "manual",
    }).catch(() => undefined);
    await answer?.body?.cancel().catch(() => undefined);
    if (answer?.status !== 200) return false;
    grants.grant(digest, executionId);
    return true;
  }

  // Last, so the scope has the hooks and the error handler above: a body here stays the request's own stream, passed
  // upstream as it arrives (an insert may be 1.2 GB), never held whole and never under the relay's body limit.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    for (const route of API_ROUTES) if (route.streamedBody) addRoute(scope, route);
  });
  return app;

  function addRoute(scope: FastifyInstance, route: ApiRoute): void {
    scope.route({
      method: route.method,
      url: route.pattern,
      exposeHeadRoute: false,
      handler: (request, reply) => forward(route, request, reply),
    });
    // A HEAD is not forwarded (docs/teams.md, "The relay"): one that reached the upstream would answer with an empty body.
    if (route.method === "GET") {
      scope.route({
        method: "HEAD",
        url: route.pattern,
        handler: async () => {
          throw refusals.headNotForwarded();
        },
      });
    }
  }
}

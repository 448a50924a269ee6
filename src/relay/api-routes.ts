import { DATASET_CATALOG } from "../client";

/** One route of the API the relay forwards: fastify's pattern, the method, and what may be cached. */
export interface ApiRoute {
  method: "GET" | "POST";
  /** fastify pattern, e.g. `/v1/execution/:execution_id/results`. */
  pattern: string;
  /** Pages of a finished execution (immutable until it expires): cacheable once the key is authorised. */
  cacheable: boolean;
}

/** Path parameters the relay accepts: anything else is refused before the upstream sees it. */
const PARAM_RULES: Record<string, RegExp> = {
  execution_id: /^[A-Za-z0-9_-]{1,64}$/,
  query_id: /^\d{1,15}$/,
  chain: /^[a-z0-9_]{1,32}$/,
  market: /^[a-z]{1,16}$/,
};

/**
 * Every endpoint of the spec, the status endpoint every client polls, and what the real service added by 2026: a
 * saved query, a query's latest result as JSON, and the usage report. The curated datasets' paths come from the
 * client's catalog (one place for them); `test/relay` holds this list against the routes the local service serves.
 * Only pages of one execution are ever cached: a query's latest result (CSV or JSON) changes with every run, a saved
 * query when it is edited, and usage with every request.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: "GET", pattern: "/v1/query/:query_id", cacheable: false },
  { method: "POST", pattern: "/v1/query/:query_id/execute", cacheable: false },
  { method: "GET", pattern: "/v1/execution/:execution_id/status", cacheable: false },
  { method: "GET", pattern: "/v1/execution/:execution_id/results", cacheable: true },
  { method: "GET", pattern: "/v1/execution/:execution_id/results/csv", cacheable: true },
  { method: "POST", pattern: "/v1/execution/:execution_id/cancel", cacheable: false },
  { method: "GET", pattern: "/v1/query/:query_id/results", cacheable: false },
  { method: "GET", pattern: "/v1/query/:query_id/results/csv", cacheable: false },
  { method: "POST", pattern: "/v1/usage", cacheable: false },
  ...DATASET_CATALOG.map((d): ApiRoute => ({
    method: "GET",
    pattern: d.path.replace(/\{([a-z]+)\}/g, ":$1"),
    cacheable: false,
  })),
];

/**
 * The upstream path of a matched route, rebuilt from its pattern and its checked parameters, never from the raw
 * request URL: an encoded `..`, a second slash or an absolute-form target cannot reach anything else upstream.
 * Undefined when a parameter breaks its rule.
 */
export function upstreamPath(route: ApiRoute, params: Record<string, string>): string | undefined {
  let path = route.pattern;
  for (const [name, value] of Object.entries(params)) {
    const rule = PARAM_RULES[name];
    if (!rule || !rule.test(value)) return undefined;
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return path.includes(":") ? undefined : path;
}

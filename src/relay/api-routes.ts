import { DATASET_CATALOG } from "../client";

/**
 * What a route is to the gateway: an execute (spends an execution's credits; a write to the service's rate limit),
 * a cancel (only the run's owner or an admin), a status (reports a run's cost), a read (spends credits by the size
 * of its body), an upload (spends by the bytes it writes: a table created, rows inserted), or free (a saved
 * query's description, the usage report, the list of uploaded tables, clearing and deleting one).
 */
export type RouteKind = "execute" | "cancel" | "status" | "read" | "upload" | "free";

/** One route of the API the relay forwards: fastify's pattern, the method, and what may be cached. */
export interface ApiRoute {
  method: "GET" | "POST" | "DELETE";
  /** fastify pattern, e.g. `/v1/execution/:execution_id/results`. */
  pattern: string;
  /** Pages of a finished execution (immutable until it expires): cacheable once the key is authorised. */
  cacheable: boolean;
  kind: RouteKind;
  /**
   * The request's body goes upstream as it arrives, never held whole (an insert's rows, up to 1.2 GB; a CSV upload,
   * up to 200 MB); other bodies are read whole first, within the relay's limit.
   */
  streamedBody?: boolean;
  /** A curated dataset's columns (from the catalog), for a read's estimate. */
  columns?: number;
}

/** Path parameters the relay accepts: anything else is refused before the upstream sees it. */
const PARAM_RULES: Record<string, RegExp> = {
  execution_id: /^[A-Za-z0-9_-]{1,64}$/,
  query_id: /^\d{1,15}$/,
  chain: /^[a-z0-9_]{1,32}$/,
  market: /^[a-z]{1,16}$/,
  // An uploaded table's namespace and name: the service's rule for names (a lowercase letter, then letters, digits, _).
  namespace: /^[a-z][a-z0-9_]{0,127}$/,
  table_name: /^[a-z][a-z0-9_]{0,127}$/,
};

/**
 * Every endpoint of the spec, the status endpoint every client polls, and what the real service added by 2026: a
 * saved query, a query's latest result as JSON, the usage report, SQL text and uploaded tables. The curated datasets' paths come from the
 * client's catalog (one place for them); `test/relay` holds this list against the routes the local service serves.
 * Only pages of one execution are ever cached: a query's latest result (CSV or JSON) changes with every run, a saved
 * query when it is edited, and usage with every request.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: "GET", pattern: "/v1/query/:query_id", cacheable: false, kind: "free" },
  { method: "POST", pattern: "/v1/query/:query_id/execute", cacheable: false, kind: "execute" },
  { method: "GET", pattern: "/v1/execution/:execution_id/status", cacheable: false, kind: "status" },
  { method: "GET", pattern: "/v1/execution/:execution_id/results", cacheable: true, kind: "read" },
  { method: "GET", pattern: "/v1/execution/:execution_id/results/csv", cacheable: true, kind: "read" },
  { method: "POST", pattern: "/v1/execution/:execution_id/cancel", cacheable: false, kind: "cancel" },
  { method: "GET", pattern: "/v1/query/:query_id/results", cacheable: false, kind: "read" },
  { method: "GET", pattern: "/v1/query/:query_id/results/csv", cacheable: false, kind: "read" },
  { method: "POST", pattern: "/v1/usage", cacheable: false, kind: "free" },
  // Ad-hoc SQL is an execute of its tier (its body names it, as a saved query's execute does).
  { method: "POST", pattern: "/v1/sql/execute", cacheable: false, kind: "execute" },
  { method: "GET", pattern: "/v1/uploads", cacheable: false, kind: "free" },
  { method: "POST", pattern: "/v1/uploads", cacheable: false, kind: "upload" },
  { method: "POST", pattern: "/v1/uploads/csv", cacheable: false, kind: "upload", streamedBody: true },
  {
    method: "POST",
    pattern: "/v1/uploads/:namespace/:table_name/insert",
    cacheable: false,
    kind: "upload",
    streamedBody: true,
  },
  { method: "POST", pattern: "/v1/uploads/:namespace/:table_name/clear", cacheable: false, kind: "free" },
  { method: "DELETE", pattern: "/v1/uploads/:namespace/:table_name", cacheable: false, kind: "free" },
  ...DATASET_CATALOG.map((d): ApiRoute => ({
    method: "GET",
    pattern: d.path.replace(/\{([a-z]+)\}/g, ":$1"),
    cacheable: false,
    kind: "read",
    columns: d.columns.length,
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

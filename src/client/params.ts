import { InvalidArgumentError } from "./errors/local-errors";
import type { PerformanceChoice } from "../billing";
import type { QueryParameterValue } from "./types";
import type { ReadRecord } from "./observer";

/** The shared query parameters of the result-returning GET endpoints (E2, E3, E5–E11), named as in the spec. */
export interface ResultParams {
  /** Columns to return: comma-separated text or a list. */
  columns?: string | readonly string[];
  /** Row filter, similar to an SQL WHERE clause. Incompatible with sample_count. */
  filters?: string;
  /** Row order, similar to an SQL ORDER BY clause. */
  sort_by?: string;
  /** Rows to return. For `pages`/`table`: rows in all. Incompatible with sample_count. */
  limit?: number;
  /** First row (0-based). For `pages`/`table`: where collecting starts. Incompatible with sample_count. */
  offset?: number;
  /** A random sample of this many rows. Incompatible with offset, limit and filters. */
  sample_count?: number;
  allow_partial_results?: boolean;
  /**
   * Lift the service's per-request guard (a cap on what one request may cost). Its 2026 name; the client sends the
   * guard under both names, since the service honours the one it knows and ignores the other.
   */
  ignore_max_credits_per_request?: boolean;
  /** The same guard under its name before 2026 (then a cap of 250,000 datapoints); either name may be given. */
  ignore_max_datapoints_per_request?: boolean;
}

/** What every call accepts besides its parameters. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per-request timeout, overriding the client's. */
  timeoutMs?: number;
  /** Told of each result page this call received, with its exact size (what a read is billed by). */
  onRead?: (read: ReadRecord) => void;
}

/** The shared parameters, in the one fixed order of every query string and cache key. */
export const SHARED_PARAM_KEYS: readonly (keyof ResultParams)[] = [
  "columns",
  "filters",
  "sort_by",
  "limit",
  "offset",
  "sample_count",
  "allow_partial_results",
  "ignore_max_datapoints_per_request",
  "ignore_max_credits_per_request",
];

/** The per-request guard's two names: the one before 2026 and the 2026 one (the canonical name). */
const GUARD_NAMES = ["ignore_max_datapoints_per_request", "ignore_max_credits_per_request"] as const;

/** Whether the per-request guard is lifted, under either name. */
export function guardLifted(params: ResultParams): boolean {
  return params.ignore_max_credits_per_request === true || params.ignore_max_datapoints_per_request === true;
}

/** The guard's value under whichever name it was given (they must agree), or undefined. */
function guardValue(params: ResultParams): boolean | undefined {
  return params.ignore_max_credits_per_request ?? params.ignore_max_datapoints_per_request;
}

/** Refuse, before any request, combinations the spec calls incompatible and numbers that cannot be right. */
export function validateParams(params: ResultParams): void {
  for (const key of ["limit", "offset", "sample_count"] as const) {
    const value = params[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw new InvalidArgumentError(`${key} must be a whole number ≥ 0; got ${String(value)}`);
    }
  }
  if (params.sample_count !== undefined) {
    const clashing = (["offset", "limit", "filters"] as const).filter((k) => params[k] !== undefined);
    if (clashing.length > 0) {
      throw new InvalidArgumentError(`sample_count cannot be combined with ${clashing.join(", ")}`);
    }
  }
  for (const key of ["allow_partial_results", ...GUARD_NAMES] as const) {
    const value = params[key];
    if (value !== undefined && typeof value !== "boolean") {
      throw new InvalidArgumentError(`${key} must be true or false; got ${String(value)}`);
    }
  }
  const [old, renamed] = [params.ignore_max_datapoints_per_request, params.ignore_max_credits_per_request];
  if (old !== undefined && renamed !== undefined && old !== renamed) {
    throw new InvalidArgumentError(
      `ignore_max_credits_per_request and ignore_max_datapoints_per_request are one guard under two names; got ${String(renamed)} and ${String(old)}`,
    );
  }
}

export function columnsText(columns: ResultParams["columns"]): string | undefined {
  if (columns === undefined) return undefined;
  const list = typeof columns === "string" ? columns.split(",") : [...columns];
  const cleaned = list.map((c) => c.trim()).filter((c) => c !== "");
  return cleaned.length === 0 ? undefined : cleaned.join(",");
}

/** Query string in a fixed order (stable URLs make request sharing and caching possible). Booleans as true/false. */
export function toSearchParams(params: ResultParams): URLSearchParams {
  validateParams(params);
  const search = new URLSearchParams();
  const guard = guardValue(params);
  for (const key of SHARED_PARAM_KEYS) {
    const value =
      key === "columns"
        ? columnsText(params.columns)
        : (GUARD_NAMES as readonly string[]).includes(key)
          ? guard
          : params[key];
    if (value === undefined || value === "") continue;
    search.set(key, typeof value === "boolean" ? (value ? "true" : "false") : String(value));
  }
  return search;
}

/**
 * The shared parameters as one canonical value: text trimmed, column lists normalised, empty ones dropped, the guard
 * under its 2026 name only, keys in the fixed order. Two requests that mean the same thing get equal canonical parameters (one cache entry).
 */
export function canonicalParams(params: ResultParams): ResultParams {
  const out: Record<string, unknown> = {};
  for (const key of SHARED_PARAM_KEYS) {
    let value: unknown = params[key];
    if (key === "columns") value = columnsText(params.columns);
    else if (key === "ignore_max_datapoints_per_request")
      continue; // folded into the 2026 name
    else if (key === "ignore_max_credits_per_request") value = guardValue(params);
    else if (typeof value === "string") value = value.trim() || undefined;
    if (value !== undefined) out[key] = value;
  }
  return out as ResultParams;
}

/** Just the shared parameters of an object that may also carry call or paging options. */
export function pickResultParams(source: ResultParams): ResultParams {
  const picked: Record<string, unknown> = {};
  for (const key of SHARED_PARAM_KEYS) if (source[key] !== undefined) picked[key] = source[key];
  return picked as ResultParams;
}

/** A latest-result call's options: the call's, and the saved query's inputs whose latest run is wanted. */
export interface LatestOptions extends CallOptions {
  parameters?: Record<string, QueryParameterValue>;
}

/** Inputs of E1. */
export interface ExecuteOptions extends CallOptions {
  /** Saved-query parameters; omitted ones take the query's defaults. */
  parameters?: Record<string, QueryParameterValue>;
  /** The engine tier: `auto` (the default: none is sent, the service chooses by plan), `small`, `medium` or `large`. */
  performance?: PerformanceChoice;
}

/** Parameters of `pages` and `table`: the shared ones, call options, and how many requests may run at once. */
export interface PagingParams extends ResultParams, CallOptions {
  /** Requests in flight after the first page. Default: the client's `concurrency` (4). */
  concurrency?: number;
  /**
   * Rows of the first request when no smaller limit is asked: a small first page tells what a row weighs before
   * the rest is asked for (and what the whole will cost).
   */
  firstPageRows?: number;
  /**
   * Pages after the first of about this many bytes, as the first page weighs a row: larger than the service's default
   * page where this allows (lifting its per-request guard on purpose: fewer requests under a per-minute limit),
   * smaller where a default page would cost more than one request may. Absent: the service's default page.
   */
  maxPageBytes?: number;
}

/**
 * A saved query's inputs on its latest result (`GET /v1/query/{id}/results[/csv]`): `params.<name>=value`, as both
 * official clients send them; the service then answers with the latest run of exactly those inputs (after defaults),
 * or 404 when none has a result. Names in sorted order, so equal inputs make equal URLs.
 */
export function withInputs(
  search: URLSearchParams,
  inputs: Record<string, QueryParameterValue> | undefined,
): URLSearchParams {
  for (const name of Object.keys(inputs ?? {}).sort()) search.set(`params.${name}`, String(inputs![name]));
  return search;
}

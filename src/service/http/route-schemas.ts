/**
 * The query strings and the execute body as fastify route schemas. Each query parameter is declared
 * once, with the reason a user reads when a value breaks it; `validationError` turns fastify's validation failure
 * into the registry's `bad_parameter` / `invalid_body` errors, in the same words the service always used.
 */
import type { FastifySchemaValidationError } from "fastify/types/schema";
import { ApiError, apiError, badParameter } from "../errors";
import { PERFORMANCE_NAMES, WHOLE_NUMBER_PATTERN } from "../../canonical-params";
import { wholeNumberReason, type WholeNumberParam } from "./query-values";

interface ParamRule {
  schema: Record<string, unknown>;
  reason(raw: string): string;
}

const shown = (raw: string) => raw.slice(0, 40);

/** A whole number in digits, or empty (the parameter is then ignored); its range is checked where it is read. */
function wholeNumber(name: WholeNumberParam): ParamRule {
  return { schema: { type: "string", pattern: WHOLE_NUMBER_PATTERN }, reason: (raw) => wholeNumberReason(name, raw) };
}

/** true/false in any case, 1/0, or empty (false). */
const FLAG: ParamRule = {
  schema: { type: "string", pattern: "^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)?$" },
  reason: (raw) => `must be true or false, got "${shown(raw)}"`,
};

const TEXT: ParamRule = { schema: { type: "string" }, reason: () => "must be text" };

/** Parameters every route accepts: the key's query form, and the ids the spec also lists as query parameters. */
const ID_PARAMS = { api_key: TEXT, queryID: TEXT, execution_id: TEXT };

/** The shared parameters of result-returning GET endpoints (E2, E3, E5, E6–E11). */
const SHARED_PARAMS = {
  allow_partial_results: FLAG,
  columns: TEXT,
  filters: TEXT,
  ignore_max_credits_per_request: FLAG,
  ignore_max_datapoints_per_request: FLAG,
  limit: wholeNumber("limit"),
  offset: wholeNumber("offset"),
  sample_count: wholeNumber("sample_count"),
  sort_by: TEXT,
};

const RULES: Record<string, ParamRule> = { ...ID_PARAMS, ...SHARED_PARAMS };

/** A query string as validated: every value as its text. */
export interface IdQuery {
  api_key?: string;
  queryID?: string;
  execution_id?: string;
}

export interface ResultQuery extends IdQuery {
  allow_partial_results?: string;
  columns?: string;
  filters?: string;
  /** The per-request guard under its 2026 name; either name lifts it. */
  ignore_max_credits_per_request?: string;
  ignore_max_datapoints_per_request?: string;
  /** Digits, or empty text when given empty (ignored); read with `wholeNumberParam`. */
  limit?: string;
  offset?: string;
  sample_count?: string;
  sort_by?: string;
}

function querySchema(rules: Record<string, ParamRule>): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.schema])),
  };
}

export const ID_QUERY_SCHEMA = querySchema(ID_PARAMS);
export const RESULT_QUERY_SCHEMA = querySchema(RULES);

/** E1's body: an object (or nothing) with the tier and the saved query's parameters (an object, or JSON text). */
export const EXECUTE_BODY_SCHEMA = {
  type: ["object", "null"],
  properties: {
    query_parameters: { type: ["object", "string", "null"] },
    performance: { type: "string", enum: PERFORMANCE_NAMES },
  },
  additionalProperties: false,
};

export interface ExecuteBody {
  performance?: (typeof PERFORMANCE_NAMES)[number];
  query_parameters?: Record<string, unknown> | string | null;
}

/** The usage request's body: nothing for the billing cycle in force, or two days. */
export const USAGE_BODY_SCHEMA = {
  type: ["object", "null"],
  properties: { start_date: { type: "string" }, end_date: { type: "string" } },
  additionalProperties: false,
};

export interface UsageBody {
  start_date?: string;
  end_date?: string;
}

/** A FLAG parameter's value. */
export function isTrue(value: string | undefined): boolean {
  return value !== undefined && (value === "1" || value.toLowerCase() === "true");
}

/** The first validation failure, as the registry's error, worded for the user. */
export function validationError(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
  request: { url: string; body: unknown },
): ApiError {
  const first = errors[0];
  if (context === "body") {
    const usage = request.url.split("?")[0]?.startsWith("/v1/usage");
    return bodyError(first, request.body, usage ? USAGE_BODY_SCHEMA : EXECUTE_BODY_SCHEMA);
  }
  const name = (first?.instancePath ?? "").replace(/^\//, "").split("/")[0] ?? "";
  // The value as sent (validation may already have coerced it), from the query string itself.
  const sent = new URLSearchParams(request.url.split("?")[1] ?? "").getAll(name);
  if (sent.length > 1) return badParameter(name, "given more than once");
  const rule = RULES[name];
  return rule ? badParameter(name, rule.reason(sent[0] ?? "")) : apiError("internal");
}

function bodyError(
  error: FastifySchemaValidationError | undefined,
  body: unknown,
  schema: { properties: Record<string, unknown> },
): ApiError {
  if (error?.keyword === "additionalProperties") {
    const extra = Object.keys(body as object).filter((k) => !(k in schema.properties));
    return apiError("invalid_body", {
      reason: `unknown fields (${extra.join(", ")}); expected ${Object.keys(schema.properties).join(", ")}`,
    });
  }
  if (error?.instancePath === "/performance") {
    return badParameter(
      "performance",
      "must be small (or free), medium or large; leave it out to let the service choose",
    );
  }
  if (error?.instancePath === "/start_date" || error?.instancePath === "/end_date") {
    return badParameter(error.instancePath.slice(1), "must be a date written YYYY-MM-DD");
  }
  if (error?.instancePath === "/query_parameters") {
    return badParameter("query_parameters", "must be an object of parameter name to value");
  }
  return apiError("invalid_body", { reason: "must be a JSON object" });
}

import { wholeNumberProblem } from "./whole-number";

/**
 * The query parameters of the result-returning GET endpoints (the spec's shared parameters, and the ids it also
 * lists as query parameters), apart from the key. The local service declares exactly these (a test holds its route
 * schemas to this list); a gateway that prices a read refuses any other name rather than guess what it does.
 */
export const RESULT_PARAM_NAMES = [
  "allow_partial_results",
  "columns",
  "filters",
  "ignore_max_credits_per_request",
  "ignore_max_datapoints_per_request",
  "limit",
  "offset",
  "sample_count",
  "sort_by",
  "queryID",
  "execution_id",
] as const;

export type ResultParamName = (typeof RESULT_PARAM_NAMES)[number];

/** The whole-number parameters among them. */
export const WHOLE_NUMBER_PARAMS: readonly ResultParamName[] = ["limit", "offset", "sample_count"];
/** The flags among them: the service reads true/false in any case, 1/0 and empty; canonical is `true` or `false`. */
export const FLAG_PARAMS: readonly ResultParamName[] = [
  "allow_partial_results",
  "ignore_max_credits_per_request",
  "ignore_max_datapoints_per_request",
];

/** A query's latest result by its parameters: `params.<name>=value`, as both official clients send them. */
const QUERY_PARAMETER = /^params\.[A-Za-z0-9_]{1,64}$/;

const RESULT_NAMES: ReadonlySet<string> = new Set(RESULT_PARAM_NAMES);

/** One parameter that is not in its canonical form, and why. */
export interface ParamProblem {
  name: string;
  reason: string;
}

/**
 * The first parameter of a result read that is not canonical: an unknown name, a whole number with leading zeros
 * (or not one at all), a flag other than `true`/`false`. Undefined when every one is canonical.
 */
export function resultParamsProblem(params: ReadonlyMap<string, string>): ParamProblem | undefined {
  for (const [name, value] of params) {
    if (!RESULT_NAMES.has(name) && !QUERY_PARAMETER.test(name)) {
      return { name, reason: "is not a parameter of this endpoint" };
    }
    if ((WHOLE_NUMBER_PARAMS as readonly string[]).includes(name)) {
      const reason = wholeNumberProblem(value);
      if (reason !== undefined) return { name, reason };
    }
    if ((FLAG_PARAMS as readonly string[]).includes(name) && value !== "true" && value !== "false") {
      return { name, reason: "must be true or false" };
    }
  }
  return undefined;
}

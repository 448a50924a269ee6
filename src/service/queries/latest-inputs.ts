import { clipText } from "../clip-text";
import { apiError, badParameter } from "../errors";
import { resolveParameters } from "./parameters";
import type { QueryParameter, SavedQuery } from "./saved-query";

/** The query-string prefix both official clients put before a saved query's parameter names on the latest result. */
export const INPUT_PREFIX = "params.";

/**
 * The `params.<name>=value` pairs of a latest-result request (`GET /v1/query/{id}/results[/csv]`), as sent, or
 * undefined when there are none (then the latest run of any inputs is asked for, as the official clients' e2e tests
 * expect of a bare query id). Read from the raw query string, so a name given twice is refused rather than guessed.
 */
export function submittedInputs(search: URLSearchParams): Record<string, string> | undefined {
  const inputs: Record<string, string> = {};
  let any = false;
  for (const [name, value] of search) {
    if (!name.startsWith(INPUT_PREFIX)) continue;
    const key = name.slice(INPUT_PREFIX.length);
    if (Object.prototype.hasOwnProperty.call(inputs, key)) throw badParameter(name, "given more than once");
    inputs[key] = value;
    any = true;
  }
  return any ? inputs : undefined;
}

/** The `params.<name>` pairs of a request's URL as sent, to carry into its `next_uri`. */
export function inputPairs(url: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(url.split("?")[1] ?? "")) {
    if (name.startsWith(INPUT_PREFIX)) pairs[name] = value;
  }
  return pairs;
}

/**
 * The inputs a run must have had, after defaults: the query's declared parameters with the given values over their
 * defaults. Unknown names are refused as the execute endpoint refuses them (`unknown parameters (…)`), a value its
 * type refuses names `params.<name>`. A query id without a saved query (a curated dataset) declares no parameters.
 */
export function wantedInputs(query: SavedQuery | undefined, submitted: Record<string, string>): Record<string, string> {
  if (!query) throw apiError("unknown_parameters", { names: Object.keys(submitted) });
  return resolveParameters(query, submitted, INPUT_PREFIX);
}

/** Whether a run's stored inputs are the wanted ones, compared as the query declares each parameter's type. */
export function sameInputs(
  query: SavedQuery,
  ran: Readonly<Record<string, string>>,
  wanted: Readonly<Record<string, string>>,
): boolean {
  // A parameter the run's record lacks (declared after it ran) had its default then as far as anyone can tell.
  return query.parameters.every((p) => sameValue(p, ran[p.key] ?? p.value, wanted[p.key] ?? p.value));
}

function sameValue(param: QueryParameter, a: string, b: string): boolean {
  if (param.type === "number") return Number(a) === Number(b);
  if (param.type === "date") return dateValue(a) === dateValue(b);
  return a === b;
}

/** A validated date (`YYYY-MM-DD` with an optional ` HH:MM[:SS]`) as one instant: the date alone is its midnight. */
function dateValue(text: string): number {
  const [day = "", time = "00:00:00"] = text.trim().split(" ");
  const [h = "0", m = "0", s = "0"] = time.split(":");
  return Date.parse(`${day}T00:00:00Z`) + ((+h * 60 + +m) * 60 + +s) * 1000;
}

/** The inputs as the no-match answer names them: `symbol=WBTC, days=7`, each value clipped. */
export function inputsText(inputs: Readonly<Record<string, string>>): string {
  return Object.entries(inputs)
    .map(([k, v]) => `${k}=${clipText(v, 40)}`)
    .join(", ");
}

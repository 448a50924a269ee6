import { clipText } from "../clip-text";
import { apiError, badParameter } from "../errors";
import { findPlaceholders } from "./placeholders";
import type { QueryParameter, SavedQuery } from "./saved-query";

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Returns the canonical text of a valid value, or `{reason}` saying why it is not valid for the parameter. */
export function validateParameterValue(param: QueryParameter, raw: unknown): string | { reason: string } {
  if (raw === null || raw === undefined) return { reason: "must not be null" };
  if (typeof raw === "object") return { reason: "must be a string or a number, not an object or array" };
  const text = String(raw);
  if (text.includes("\u0000")) return { reason: "must not contain NUL characters" };
  switch (param.type) {
    case "text":
      return text;
    case "number": {
      const n = typeof raw === "number" ? raw : text.trim() === "" ? NaN : Number(text);
      if (!Number.isFinite(n)) return { reason: `must be a finite number, got "${truncate(text)}"` };
      return String(n);
    }
    case "date":
      return isValidDate(text)
        ? text
        : { reason: `must be a date YYYY-MM-DD or "YYYY-MM-DD HH:MM[:SS]", got "${truncate(text)}"` };
    case "enum": {
      const options = param.enumOptions ?? [];
      return options.includes(text)
        ? text
        : { reason: `must be one of ${options.join(", ")}, got "${truncate(text)}"` };
    }
  }
}

function isValidDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1).map((x) => x ?? "0");
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  return (
    date.getUTCFullYear() === +y &&
    date.getUTCMonth() === +mo - 1 &&
    date.getUTCDate() === +d &&
    +h < 24 &&
    +mi < 60 &&
    +s < 60
  );
}

function truncate(text: string): string {
  return clipText(text, 40);
}

/**
 * Merges submitted values over the query's defaults; unknown names are refused as a group. `field` names where the
 * values came from in a refusal: the execute body's `query_parameters.`, a latest-result request's `params.`.
 */
export function resolveParameters(
  query: SavedQuery,
  submitted: Record<string, unknown>,
  field = "query_parameters.",
): Record<string, string> {
  const unknown = Object.keys(submitted).filter((k) => !query.parameters.some((p) => p.key === k));
  if (unknown.length > 0) throw apiError("unknown_parameters", { names: unknown });
  const values: Record<string, string> = {};
  for (const param of query.parameters) {
    const raw = Object.prototype.hasOwnProperty.call(submitted, param.key) ? submitted[param.key] : param.value;
    const result = validateParameterValue(param, raw);
    if (typeof result === "object") throw badParameter(`${field}${param.key}`, result.reason);
    values[param.key] = result;
  }
  return values;
}

/**
 * Puts validated values into the SQL in one pass over the original text, so a value containing `{{x}}` is never
 * expanded again. Inside a literal, quotes are doubled (the value cannot close the literal). Outside, only numbers
 * (parenthesised, so `x -{{n}}` with n = -1 cannot become a `--` comment) and enum options chosen by the query's
 * author can appear.
 */
export function substituteParameters(query: SavedQuery, values: Record<string, string>): string {
  let out = "";
  let last = 0;
  for (const ph of findPlaceholders(query.sql)) {
    const param = query.parameters.find((p) => p.key === ph.key);
    if (!param) continue;
    const value = values[ph.key];
    out += query.sql.slice(last, ph.start);
    // Loading refused every other place (placeholder-rules.ts); refuse again rather than guess.
    if (!ph.quoted && ph.region !== "code") throw new Error(`{{${ph.key}}} stands inside a ${ph.region}`);
    if (ph.quoted) out += value.replace(/'/g, "''");
    else out += param.type === "number" ? `(${value})` : value;
    last = ph.end;
  }
  return out + query.sql.slice(last);
}

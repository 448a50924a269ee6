import { clipText } from "../clip-text";
/** Which shared GET parameter a message is about; it prefixes every message so the user knows where to look. */
export type QueryParameter = "filters" | "sort_by" | "columns";

/**
 * A user's expression was rejected. `position` is the 0-based index (in UTF-16 code units, i.e. JavaScript string
 * indices) of the offending character or token in the parameter's text; `reason` is the message without the
 * parameter/position prefix, for callers that lay out their own message.
 */
export class QueryLanguageError extends Error {
  override readonly name = "QueryLanguageError";
  readonly parameter: QueryParameter;
  readonly position: number;
  readonly reason: string;

  constructor(parameter: QueryParameter, position: number, what: string, hint?: string) {
    super(`${parameter}: ${what} at position ${position}${hint ? `; ${hint}` : ""}`);
    this.parameter = parameter;
    this.position = position;
    this.reason = hint ? `${what}; ${hint}` : what;
  }
}

/** Checks `name` too: an error made in another realm (another iframe or VM context) fails `instanceof`. */
export function isQueryLanguageError(error: unknown): error is QueryLanguageError {
  return (
    error instanceof QueryLanguageError ||
    (typeof error === "object" && error !== null && (error as { name?: unknown }).name === "QueryLanguageError")
  );
}

/**
 * Shows user text inside a message: double-quoted, invisible and control characters escaped, long text cut, so a
 * message always fits in a cell comment and never hides what was typed.
 */
export function show(text: string, max = 40): string {
  return JSON.stringify(clipText(text, max));
}

/** Shows a text literal the way it was typed: in single quotes, escaped and cut like `show`. */
export function showText(text: string, max = 40): string {
  return `'${JSON.stringify(clipText(text, max)).slice(1, -1)}'`;
}

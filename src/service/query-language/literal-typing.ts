import { columnKind, type ColumnInfo, type ColumnKind } from "./column-types";
import { QueryLanguageError, show, showText } from "./errors";
import type { FilterValue } from "./filter-ast";
import type { ComparisonOperator } from "./grammar";
import { parseTemporalLiteral } from "./temporal-literal";
import type { Token } from "./tokens";

/** A literal as written, before it meets its column. */
export interface RawLiteral {
  readonly kind: "string" | "number" | "boolean";
  readonly token: Token;
}

const KIND_NAMES: Record<ColumnKind, string> = {
  text: "text",
  number: "number",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamp",
  timestamptz: "timestamp",
  array: "array",
  other: "other",
};

const TEMPORAL_FORMAT_HINT = "use YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS], e.g. '2024-03-05 15:03'";

/**
 * Array and other columns only take IS NULL / IS NOT NULL: there is no portable, unsurprising meaning for
 * `projects = 'uniswap'` (element? whole array?), so we refuse rather than guess. Booleans only take = and !=,
 * since `flag < TRUE` is almost certainly a mistake.
 */
export function checkOperatorAllowed(
  column: ColumnInfo,
  operator: ComparisonOperator | "IN" | "LIKE",
  position: number,
): void {
  const kind = columnKind(column.type);
  if (kind === "array" || kind === "other") {
    throw new QueryLanguageError(
      "filters",
      position,
      `column ${show(column.name)} has type ${column.type} and cannot be compared`,
      "only IS NULL and IS NOT NULL are supported for it",
    );
  }
  if (operator === "LIKE" && kind !== "text") {
    throw new QueryLanguageError(
      "filters",
      position,
      `LIKE needs a text column, but ${show(column.name)} is a ${KIND_NAMES[kind]} column`,
      "use =, <, > or IN",
    );
  }
  if (kind === "boolean" && operator !== "=" && operator !== "!=" && operator !== "IN") {
    throw new QueryLanguageError(
      "filters",
      position,
      `${operator} cannot be used with boolean column ${show(column.name)}`,
      "use = TRUE, = FALSE or !=",
    );
  }
}

/**
 * Types a literal for its column. No implicit casts between text and numbers: `version = 2` on a text column and
 * `trades > '100'` on a number column are errors with the fix in the message, because a silent cast either fails
 * at run time on some rows or compares "9" > "10" as text.
 */
export function typeLiteral(column: ColumnInfo, literal: RawLiteral): FilterValue {
  const kind = columnKind(column.type);
  const { token } = literal;
  const mismatch = (hint: string): never => {
    throw new QueryLanguageError(
      "filters",
      token.position,
      `${literalName(literal)} cannot be compared with ${KIND_NAMES[kind]} column ${show(column.name)}`,
      hint,
    );
  };
  switch (kind) {
    case "text":
      if (literal.kind === "string") return { type: "string", value: token.value };
      return mismatch(`put the value in single quotes, e.g. '${token.text}'`);
    case "number":
      if (literal.kind === "number") return numberValue(token);
      if (literal.kind === "string" && isNumberText(token.value))
        return mismatch(`remove the quotes, e.g. ${token.value.trim()}`);
      return mismatch("use a number, e.g. 100 or -1.5");
    case "boolean":
      if (literal.kind === "boolean") return { type: "boolean", value: token.value.toUpperCase() === "TRUE" };
      return mismatch("use TRUE or FALSE without quotes");
    case "date":
    case "timestamp":
    case "timestamptz": {
      if (literal.kind !== "string") return mismatch(`put the date in single quotes, ${TEMPORAL_FORMAT_HINT}`);
      const temporal = parseTemporalLiteral(token.value);
      if (temporal) return temporal;
      throw new QueryLanguageError(
        "filters",
        token.position,
        `${literalName(literal)} is not a valid date/time for column ${show(column.name)}`,
        TEMPORAL_FORMAT_HINT,
      );
    }
    default:
      // checkOperatorAllowed runs first; this keeps the function total if that ever changes.
      return mismatch("only IS NULL and IS NOT NULL are supported for it");
  }
}

function numberValue(token: Token): FilterValue {
  const value = Number(token.value);
  if (!Number.isFinite(value)) {
    throw new QueryLanguageError(
      "filters",
      token.position,
      `number ${show(token.text)} is out of range`,
      "use a smaller number",
    );
  }
  return { type: "number", value, text: token.value };
}

function isNumberText(text: string): boolean {
  return /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(text);
}

function literalName(literal: RawLiteral): string {
  const { token } = literal;
  if (literal.kind === "string") return `text ${showText(token.value)}`;
  if (literal.kind === "number") return `number ${token.text}`;
  return token.text.toUpperCase();
}

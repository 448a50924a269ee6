/**
 * The query language as constant tables: the parsers and the tokenizer read these and hold no state of their own
 * (no mutable globals a parse could leave behind). Changing what users may write starts here.
 */

/** Reads a constant table without ever reaching Object.prototype (`constructor`, `__proto__` are user text too). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** Guards against stack and CPU abuse: every parser in this module refuses longer input before tokenizing it. */
export const MAX_INPUT_LENGTH = 10_000;

/** Maximum nesting of parentheses in `filters`; the recursive-descent parser recurses once per level. */
export const MAX_NESTING_DEPTH = 50;

/** Operators as written by users, mapped to the AST operator (`<>` is a synonym of `!=`). */
export const COMPARISON_OPERATORS: Readonly<Record<string, ComparisonOperator>> = Object.freeze({
  "=": "=",
  "!=": "!=",
  "<>": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
});

export type ComparisonOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";

/** `5 < x` is stored as `x > 5`: the AST always has the column on the left. */
export const MIRRORED_OPERATORS: Readonly<Record<ComparisonOperator, ComparisonOperator>> = Object.freeze({
  "=": "=",
  "!=": "!=",
  "<": ">",
  "<=": ">=",
  ">": "<",
  ">=": "<=",
});

/** Boolean connectives, lowest precedence first: `a OR b AND c` is `a OR (b AND c)`. */
export const CONNECTIVES_BY_PRECEDENCE = Object.freeze(["OR", "AND"] as const);
export type Connective = (typeof CONNECTIVES_BY_PRECEDENCE)[number];

/**
 * Words the filter grammar reserves (matched in any case). A bare word from this list is never a column name;
 * a column called e.g. `in` must be written `"in"`.
 */
export const FILTER_KEYWORDS = Object.freeze([
  "AND",
  "OR",
  "IN",
  "LIKE",
  "IS",
  "NOT",
  "NULL",
  "TRUE",
  "FALSE",
] as const);

/** Words of `sort_by` after the column name (matched in any case). */
export const SORT_DIRECTIONS = Object.freeze(["ASC", "DESC"] as const);
export const SORT_NULLS_KEYWORD = "NULLS";
export const SORT_NULLS_PLACEMENTS = Object.freeze(["FIRST", "LAST"] as const);

/** Characters of a bare identifier; anything else needs double quotes. */
export const BARE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const STATEMENT_HINT = "sub-queries and SQL statements are not supported; write a condition such as col = 'value'";

/**
 * SQL words that are not part of the grammar, with the advice shown when one appears where a column or an operator
 * was expected. A bare word that is a real column name is still read as that column (columns such as `date` or
 * `version` exist), so this table only shapes error messages; it never widens the language.
 */
export const UNSUPPORTED_WORD_HINTS: Readonly<Record<string, string>> = Object.freeze({
  NOT: "NOT is not supported, use != or rewrite the condition",
  BETWEEN: "BETWEEN is not supported, use col >= low AND col <= high",
  ILIKE: "ILIKE is not supported; LIKE is case-sensitive",
  SIMILAR: "SIMILAR TO is not supported; use LIKE with % and _",
  REGEXP: "regular expressions are not supported; use LIKE with % and _",
  RLIKE: "regular expressions are not supported; use LIKE with % and _",
  GLOB: "GLOB is not supported; use LIKE with % and _",
  ESCAPE: "ESCAPE is not supported",
  XOR: "XOR is not supported; use AND and OR",
  DISTINCT: "IS DISTINCT FROM is not supported; use = or !=",
  EXISTS: STATEMENT_HINT,
  SELECT: STATEMENT_HINT,
  FROM: STATEMENT_HINT,
  UNION: STATEMENT_HINT,
  WITH: STATEMENT_HINT,
  INSERT: STATEMENT_HINT,
  UPDATE: STATEMENT_HINT,
  DELETE: STATEMENT_HINT,
  DROP: STATEMENT_HINT,
  CREATE: STATEMENT_HINT,
  ALTER: STATEMENT_HINT,
  ATTACH: STATEMENT_HINT,
  COPY: STATEMENT_HINT,
  PRAGMA: STATEMENT_HINT,
  CALL: STATEMENT_HINT,
  WHERE: "leave out WHERE and write only the condition",
  ORDER: "sorting belongs in the sort_by parameter",
  GROUP: "grouping is not supported",
  HAVING: "grouping is not supported",
  LIMIT: "use the limit parameter",
  OFFSET: "use the offset parameter",
  CASE: "CASE expressions are not supported",
  CAST: "casts are not supported; a quoted date such as '2024-03-05' is compared as a date with date columns",
  DATE: "write the date as a quoted string, e.g. '2024-03-05'",
  TIMESTAMP: "write the timestamp as a quoted string, e.g. '2024-03-05 15:03'",
  INTERVAL: "intervals are not supported; compare with a quoted date such as '2024-03-05'",
  ANY: "ANY/ALL/SOME are not supported; use IN (...)",
  ALL: "ANY/ALL/SOME are not supported; use IN (...)",
  SOME: "ANY/ALL/SOME are not supported; use IN (...)",
});

/**
 * Characters (or pairs) that cannot start any token, with the advice to show. Checked longest first by the
 * tokenizer, so `--` wins over `-` and `!=` is tokenized before `!` is looked up.
 */
export const UNSUPPORTED_SYMBOL_HINTS: Readonly<Record<string, string>> = Object.freeze({
  "--": "comments are not supported",
  "/*": "comments are not supported",
  "*/": "comments are not supported",
  "==": "use a single = to compare",
  "=>": "did you mean >=?",
  "=<": "did you mean <=?",
  "||": "use OR (string concatenation is not supported)",
  "&&": "use AND",
  "::": "casts are not supported",
  "{{": "query parameters such as {{name}} are not supported here",
  ";": "; is not allowed; write a single expression",
  "+": "arithmetic is not supported; compare a column with a value",
  "-": "arithmetic is not supported; write negative numbers without a space, e.g. -5",
  "*": "arithmetic and * are not supported",
  "/": "arithmetic is not supported; compare a column with a value",
  "%": "% is only a wildcard inside a LIKE pattern, e.g. name LIKE 'uni%'",
  "!": "use != for not-equal (NOT is not supported)",
  "&": "use AND",
  "|": "use OR",
  ":": "casts and named parameters are not supported",
  "?": "placeholders are not supported; write the value itself",
  $: "placeholders are not supported; write the value itself",
  "@": "variables are not supported; write the value itself",
  "[": "indexing is not supported; array columns only allow IS NULL and IS NOT NULL",
  "]": "indexing is not supported; array columns only allow IS NULL and IS NOT NULL",
  "{": "braces are not supported",
  "}": "braces are not supported",
  ".": "qualified names are not supported; write the column name alone, in double quotes if it contains a dot",
  "`": 'quote column names with double quotes, e.g. "my column"',
  "\u2018": "use straight single quotes ' around text (your editor turned them into curly quotes)",
  "\u2019": "use straight single quotes ' around text (your editor turned them into curly quotes)",
  "\u201C": 'use straight double quotes " around column names (your editor turned them into curly quotes)',
  "\u201D": 'use straight double quotes " around column names (your editor turned them into curly quotes)',
});

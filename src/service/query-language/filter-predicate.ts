import { resolveColumn } from "./column-lookup";
import { columnKind, type ColumnInfo } from "./column-types";
import { QueryLanguageError, show } from "./errors";
import type { FilterNode, FilterValue } from "./filter-ast";
import { COMPARISON_OPERATORS, FILTER_KEYWORDS, lookup, MIRRORED_OPERATORS, UNSUPPORTED_WORD_HINTS } from "./grammar";
import { checkOperatorAllowed, typeLiteral, type RawLiteral } from "./literal-typing";
import { isKeyword, type TokenCursor } from "./token-cursor";
import type { Token } from "./tokens";

/**
 *   predicate := column op literal | literal op column          (op: = != <> < <= > >=)
 *              | column IN "(" literal ("," literal)* ")"
 *              | column LIKE 'pattern'
 *              | column IS [NOT] NULL
 *   literal   := 'text' | number | TRUE | FALSE
 * Literals are typed against the column as soon as they are read, so errors come out in text order.
 */
export function parsePredicate(cursor: TokenCursor, columns: readonly ColumnInfo[]): FilterNode {
  const left = parseOperand(cursor, columns);
  if (left.kind === "literal") return parseLiteralFirst(cursor, columns, left);
  const { column, token: columnToken } = left;
  const next = cursor.peek();
  if (next.kind === "operator") {
    cursor.next();
    const operator = COMPARISON_OPERATORS[next.value];
    checkOperatorAllowed(column, operator, columnToken.position);
    refuseUnquotedText(cursor, columns, column, (text) => `${column.name} ${next.value} ${text}`);
    const right = parseOperand(cursor, columns);
    if (right.kind === "column") {
      throw new QueryLanguageError(
        "filters",
        right.token.position,
        `cannot compare column ${show(column.name)} with column ${show(right.column.name)}`,
        "compare a column with a value",
      );
    }
    return { type: "comparison", column: column.name, operator, value: typeLiteral(column, right.literal) };
  }
  if (cursor.acceptKeyword("IN")) {
    checkOperatorAllowed(column, "IN", columnToken.position);
    return { type: "in", column: column.name, values: parseInList(cursor, columns, column) };
  }
  if (cursor.acceptKeyword("LIKE")) {
    checkOperatorAllowed(column, "LIKE", columnToken.position);
    const pattern = cursor.peek();
    if (pattern.kind !== "string") cursor.fail(pattern, "LIKE needs a pattern in single quotes, e.g. name LIKE 'uni%'");
    cursor.next();
    return { type: "like", column: column.name, pattern: pattern.value };
  }
  if (cursor.acceptKeyword("IS")) {
    const negated = cursor.acceptKeyword("NOT");
    const nullToken = cursor.peek();
    if (!isKeyword(nullToken, "NULL"))
      cursor.fail(nullToken, negated ? "expected NULL after IS NOT" : "expected NULL or NOT NULL after IS");
    cursor.next();
    return { type: negated ? "is_not_null" : "is_null", column: column.name };
  }
  if (isKeyword(next, "NOT")) {
    const after = cursor.peek(1);
    if (isKeyword(after, "IN")) cursor.fail(next, "NOT IN is not supported, use col != a AND col != b");
    if (isKeyword(after, "LIKE"))
      cursor.fail(next, "NOT LIKE is not supported; rewrite the condition with LIKE, = or !=");
  }
  return cursor.fail(
    next,
    hintFor(next) ?? `expected =, !=, <, <=, >, >=, IN, LIKE or IS NULL after column ${show(column.name)}`,
  );
}

function parseLiteralFirst(
  cursor: TokenCursor,
  columns: readonly ColumnInfo[],
  left: { literal: RawLiteral },
): FilterNode {
  const next = cursor.peek();
  if (next.kind !== "operator") {
    const misplaced = ["IN", "LIKE", "IS"].find((w) => isKeyword(next, w));
    return cursor.fail(
      next,
      misplaced
        ? `${misplaced} needs a column on its left`
        : (hintFor(next) ?? "expected a comparison operator such as = after the value"),
    );
  }
  cursor.next();
  const right = parseOperand(cursor, columns);
  if (right.kind !== "column") {
    throw new QueryLanguageError(
      "filters",
      left.literal.token.position,
      "a comparison needs a column on one side",
      "columns are compared with values, e.g. amount > 5",
    );
  }
  // `5 < x` is kept as `x > 5`, so the AST (and the SQL) always has the column on the left.
  const operator = MIRRORED_OPERATORS[COMPARISON_OPERATORS[next.value]];
  checkOperatorAllowed(right.column, operator, right.token.position);
  return { type: "comparison", column: right.column.name, operator, value: typeLiteral(right.column, left.literal) };
}

function parseInList(cursor: TokenCursor, columns: readonly ColumnInfo[], column: ColumnInfo): FilterValue[] {
  const open = cursor.peek();
  if (open.kind !== "lparen") cursor.fail(open, "IN needs a list of values in parentheses, e.g. IN ('a', 'b')");
  cursor.next();
  if (cursor.peek().kind === "rparen") cursor.fail(cursor.peek(), "IN needs at least one value, e.g. IN ('a', 'b')");
  const values: FilterValue[] = [];
  for (;;) {
    refuseUnquotedText(cursor, columns, column);
    const item = parseOperand(cursor, columns);
    if (item.kind === "column") {
      throw new QueryLanguageError(
        "filters",
        item.token.position,
        `column ${show(item.column.name)} cannot be inside IN (...)`,
        "list values only",
      );
    }
    values.push(typeLiteral(column, item.literal));
    const separator = cursor.next();
    if (separator.kind === "rparen") return values;
    if (separator.kind !== "comma") cursor.fail(separator, "expected , or ) in the IN list");
  }
}

type Operand = { kind: "column"; column: ColumnInfo; token: Token } | { kind: "literal"; literal: RawLiteral };

function parseOperand(cursor: TokenCursor, columns: readonly ColumnInfo[]): Operand {
  const token = cursor.peek();
  switch (token.kind) {
    case "string":
    case "number":
      cursor.next();
      return { kind: "literal", literal: { kind: token.kind, token } };
    case "quoted":
      cursor.next();
      return { kind: "column", column: resolveColumn("filters", token.value, token.position, columns), token };
    case "word":
      return parseWordOperand(cursor, columns, token);
    case "end":
      return cursor.fail(token, "the condition is incomplete; expected a column or a value");
    default:
      return cursor.fail(token, "expected a column or a value");
  }
}

function parseWordOperand(cursor: TokenCursor, columns: readonly ColumnInfo[], token: Token): Operand {
  const upper = token.value.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") {
    cursor.next();
    return { kind: "literal", literal: { kind: "boolean", token } };
  }
  if (upper === "NULL") cursor.fail(token, "compare with NULL using IS NULL or IS NOT NULL");
  if ((FILTER_KEYWORDS as readonly string[]).includes(upper))
    cursor.fail(token, hintFor(token) ?? "expected a column or a value");
  if (cursor.peek(1).kind === "lparen") {
    cursor.fail(
      token,
      hintFor(token) ?? `functions such as ${token.value}(...) are not supported; compare the column directly`,
    );
  }
  cursor.next();
  try {
    return { kind: "column", column: resolveColumn("filters", token.value, token.position, columns), token };
  } catch (error) {
    // A word that is not a column but is SQL gets advice about the SQL rather than the column list.
    const hint = hintFor(token);
    if (hint) throw new QueryLanguageError("filters", token.position, `unexpected ${show(token.value)}`, hint);
    throw error;
  }
}

/**
 * A text column compared with a bare word that is no column (`token_pair = WBTC-WETH`): the user meant text and
 * left out the quotes. Said so, with the condition as it should be written, before the word is taken for an
 * unknown column (or its "-" for arithmetic).
 */
function refuseUnquotedText(
  cursor: TokenCursor,
  columns: readonly ColumnInfo[],
  column: ColumnInfo,
  fixed?: (text: string) => string,
): void {
  const token = cursor.peek();
  if (token.kind !== "word" || columnKind(column.type) !== "text") return;
  const upper = token.value.toUpperCase();
  if (["TRUE", "FALSE", "NULL"].includes(upper) || (FILTER_KEYWORDS as readonly string[]).includes(upper)) return;
  if (columns.some((c) => c.name.toLowerCase() === token.value.toLowerCase()) || hintFor(token)) return;
  const after = cursor.source.slice(token.position + token.value.length);
  if (/^\s*\(/.test(after)) return; // a function call: said elsewhere
  const typed = /^[^\s(),']+/.exec(cursor.source.slice(token.position))?.[0] ?? token.value;
  const quoted = `'${typed.replace(/'/g, "''")}'`;
  throw new QueryLanguageError(
    "filters",
    token.position,
    `unquoted text ${show(typed)}`,
    fixed ? `put text in single quotes: ${fixed(quoted)}` : `put text in single quotes, e.g. ${quoted}`,
  );
}

function hintFor(token: Token): string | undefined {
  return token.kind === "word" ? lookup(UNSUPPORTED_WORD_HINTS, token.value.toUpperCase()) : undefined;
}

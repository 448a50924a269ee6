import type { ColumnInfo } from "./column-types";
import { QueryLanguageError } from "./errors";
import type { FilterNode } from "./filter-ast";
import { parsePredicate } from "./filter-predicate";
import { CONNECTIVES_BY_PRECEDENCE, lookup, MAX_NESTING_DEPTH, UNSUPPORTED_WORD_HINTS } from "./grammar";
import { checkLength, TokenCursor } from "./token-cursor";
import { tokenize } from "./tokenizer";

/**
 * Parses and type-checks a `filters` expression against the result's columns.
 *
 *   filter    := or END
 *   or        := and (OR and)*                    (levels come from CONNECTIVES_BY_PRECEDENCE)
 *   and       := primary (AND primary)*
 *   primary   := "(" or ")" | predicate
 *   predicate := see filter-predicate.ts
 *
 * Throws QueryLanguageError (with the position) on anything else. An empty or blank text is an error too: callers
 * treat an absent or empty parameter as "no filter" before calling.
 */
export function parseFilter(text: string, columns: readonly ColumnInfo[]): FilterNode {
  checkLength("filters", text);
  const cursor = new TokenCursor("filters", tokenize(text), text);
  if (cursor.peek().kind === "end") {
    throw new QueryLanguageError("filters", 0, "the filter is empty", "write a condition such as col = 'value'");
  }
  const node = parseConnective(cursor, columns, 0, 0);
  const after = cursor.peek();
  if (after.kind === "rparen") cursor.fail(after, "this ) has no matching (");
  if (after.kind !== "end") {
    const hint = after.kind === "word" ? lookup(UNSUPPORTED_WORD_HINTS, after.value.toUpperCase()) : undefined;
    cursor.fail(after, hint ?? "expected AND, OR or the end of the filter");
  }
  return node;
}

/** One precedence level: operands of the next level joined by this level's keyword, flattened into one node. */
function parseConnective(
  cursor: TokenCursor,
  columns: readonly ColumnInfo[],
  level: number,
  depth: number,
): FilterNode {
  if (level === CONNECTIVES_BY_PRECEDENCE.length) return parsePrimary(cursor, columns, depth);
  const keyword = CONNECTIVES_BY_PRECEDENCE[level];
  const type = keyword === "AND" ? "and" : "or";
  const operands: FilterNode[] = [];
  do {
    const operand = parseConnective(cursor, columns, level + 1, depth);
    // `(a OR b) OR c` is the same condition as `a OR b OR c`; one flat node keeps the tree shallow.
    if (operand.type === type) operands.push(...operand.operands);
    else operands.push(operand);
  } while (cursor.acceptKeyword(keyword));
  return operands.length === 1 ? operands[0] : { type, operands };
}

function parsePrimary(cursor: TokenCursor, columns: readonly ColumnInfo[], depth: number): FilterNode {
  const open = cursor.peek();
  if (open.kind !== "lparen") return parsePredicate(cursor, columns);
  if (depth >= MAX_NESTING_DEPTH) {
    throw new QueryLanguageError(
      "filters",
      open.position,
      "parentheses nested too deeply",
      `at most ${MAX_NESTING_DEPTH} levels are allowed`,
    );
  }
  cursor.next();
  const inner = parseConnective(cursor, columns, 0, depth + 1);
  const close = cursor.peek();
  if (close.kind !== "rparen") {
    cursor.fail(close, `expected AND, OR or ) to close the ( at position ${open.position}`);
  }
  cursor.next();
  return inner;
}

import { resolveColumn } from "./column-lookup";
import type { ColumnInfo } from "./column-types";
import { QueryLanguageError, show } from "./errors";
import { lookup, SORT_DIRECTIONS, SORT_NULLS_KEYWORD, SORT_NULLS_PLACEMENTS, UNSUPPORTED_WORD_HINTS } from "./grammar";
import { checkLength, isKeyword, TokenCursor } from "./token-cursor";
import { tokenize } from "./tokenizer";
import type { Token } from "./tokens";

/** One ORDER BY key. `nulls` is left out when the user did not say; the engine default (NULLS LAST) applies. */
export interface SortKey {
  column: string;
  direction: "asc" | "desc";
  nulls?: "first" | "last";
}

const ITEM_END_HINT = "expected ASC, DESC, NULLS FIRST, NULLS LAST or a comma before the next column";

/**
 *   sort := item ("," item)* END
 *   item := column [ASC | DESC] [NULLS (FIRST | LAST)]
 * Column names follow the filter rules (bare or "quoted", exact case first, then a unique case-insensitive match).
 * A column listed twice is an error: the second key could never change the order, so it is most likely a typo.
 * Blank text is an error; callers treat an absent or empty parameter as "no sorting" before calling.
 */
export function parseSort(text: string, columns: readonly ColumnInfo[]): SortKey[] {
  checkLength("sort_by", text);
  const cursor = new TokenCursor("sort_by", tokenize(text));
  if (cursor.peek().kind === "end") {
    throw new QueryLanguageError("sort_by", 0, "sort_by is empty", "write column names, e.g. usd_liquidity desc");
  }
  const keys: SortKey[] = [];
  const seenAt = new Map<string, number>();
  for (;;) {
    const columnToken = cursor.peek();
    const key = parseItem(cursor, columns);
    const earlier = seenAt.get(key.column);
    if (earlier !== undefined) {
      throw new QueryLanguageError(
        "sort_by",
        columnToken.position,
        `column ${show(key.column)} is listed twice`,
        `list each column once (it is first at position ${earlier})`,
      );
    }
    seenAt.set(key.column, columnToken.position);
    keys.push(key);
    const separator = cursor.next();
    if (separator.kind === "end") return keys;
    if (separator.kind !== "comma") cursor.fail(separator, wordHint(separator) ?? ITEM_END_HINT);
  }
}

function parseItem(cursor: TokenCursor, columns: readonly ColumnInfo[]): SortKey {
  const token = cursor.next();
  const column = parseColumn(cursor, columns, token);
  const key: SortKey = { column, direction: "asc" };
  const direction = SORT_DIRECTIONS.find((d) => isKeyword(cursor.peek(), d));
  if (direction) {
    cursor.next();
    key.direction = direction === "DESC" ? "desc" : "asc";
  }
  if (cursor.acceptKeyword(SORT_NULLS_KEYWORD)) {
    const placement = cursor.peek();
    const which = SORT_NULLS_PLACEMENTS.find((p) => isKeyword(placement, p));
    if (!which) cursor.fail(placement, "expected FIRST or LAST after NULLS");
    cursor.next();
    key.nulls = which === "FIRST" ? "first" : "last";
  }
  return key;
}

function parseColumn(cursor: TokenCursor, columns: readonly ColumnInfo[], token: Token): string {
  switch (token.kind) {
    case "quoted":
      return resolveColumn("sort_by", token.value, token.position, columns).name;
    case "word":
      if (cursor.peek().kind === "lparen") cursor.fail(token, "functions are not supported; sort by a column name");
      if (
        isKeyword(token, "ORDER") &&
        isKeyword(cursor.peek(), "BY") &&
        !columns.some((c) => c.name.toUpperCase() === "ORDER")
      ) {
        cursor.fail(token, "leave out ORDER BY and write only the column names, e.g. usd_liquidity desc");
      }
      return resolveColumn("sort_by", token.value, token.position, columns).name;
    case "string":
      return cursor.fail(token, "sort_by takes column names; quote names with double quotes, not single quotes");
    case "comma":
    case "end":
      return cursor.fail(token, "a column name is missing; remove the extra comma");
    default:
      return cursor.fail(token, "expected a column name");
  }
}

function wordHint(token: Token): string | undefined {
  return token.kind === "word" ? lookup(UNSUPPORTED_WORD_HINTS, token.value.toUpperCase()) : undefined;
}

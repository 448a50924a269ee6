import {
  FILTER_NODE_TYPES,
  FILTER_VALUE_TYPES,
  type FilterNode,
  type FilterValue,
} from "../../../src/service/query-language/filter-ast";
import { type ColumnInfo } from "../../../src/service/query-language/column-types";
import { type SqlParamValue } from "../../../src/service/query-language/sql-params";

/**
 * Strict shape checks for what the query language emits. They know nothing of the implementation: rendered SQL is
 * tokenized here and every token must be a quoted known column, a `$n` placeholder (possibly inside a fixed CAST
 * form), or one of a fixed set of operators and keywords.
 */
const CAST_FORM = /CAST\(\$(\d+) AS (?:TIMESTAMP|TIMESTAMPTZ|DATE|HUGEINT|DOUBLE)\)/g;
const FILTER_WORDS = new Set(["AND", "OR", "IN", "LIKE", "IS", "NOT", "NULL"]);
const SYMBOLS = new Set(["=", "<>", "<", "<=", ">", ">=", "(", ")", ","]);
const TOKEN = /\s+|"((?:[^"]|"")*)"|\$(\d+)|<=|>=|<>|[=<>(),]|[A-Z]+|[^]/gy;

export function assertSafeFilterSql(
  sql: string,
  values: readonly SqlParamValue[],
  columns: readonly ColumnInfo[],
): void {
  const names = new Set(columns.map((c) => c.name));
  // A CAST is only ever CAST($n AS <fixed type>); fold it into a bare placeholder first.
  const folded = sql.replace(CAST_FORM, (_, n: string) => `$${n}`);
  let depth = 0;
  let nextPlaceholder = 1;
  for (const m of folded.matchAll(TOKEN)) {
    const [token, quoted, placeholder] = m;
    if (/^\s+$/.test(token)) continue;
    if (quoted !== undefined) {
      const name = quoted.replace(/""/g, '"');
      if (!names.has(name)) throw new Error(`unknown identifier ${token} in ${sql}`);
    } else if (placeholder !== undefined) {
      if (Number(placeholder) !== nextPlaceholder) throw new Error(`placeholder ${token} out of order in ${sql}`);
      nextPlaceholder++;
    } else if (SYMBOLS.has(token)) {
      if (token === "(") depth++;
      if (token === ")" && --depth < 0) throw new Error(`unbalanced ) in ${sql}`);
    } else if (!FILTER_WORDS.has(token)) {
      throw new Error(`token ${JSON.stringify(token)} is not whitelisted in ${sql}`);
    }
  }
  if (depth !== 0) throw new Error(`unbalanced ( in ${sql}`);
  if (nextPlaceholder - 1 !== values.length)
    throw new Error(`${values.length} values for ${nextPlaceholder - 1} placeholders`);
  for (const v of values) {
    const ok =
      v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
    if (!ok) throw new Error(`value ${String(v)} may not be bound`);
  }
}

const SORT_ITEM = /^"((?:[^"]|"")*)" (?:ASC|DESC)(?: NULLS (?:FIRST|LAST))?$/;

export function assertSafeSortSql(sql: string, columns: readonly ColumnInfo[]): void {
  const names = new Set(columns.map((c) => c.name));
  // Split on ", " outside quotes.
  const items = sql.match(/(?:"(?:[^"]|"")*"|[^,"])+/g) ?? [];
  if (items.map((s) => s.trim()).join(", ") !== sql) throw new Error(`unexpected separators in ${sql}`);
  for (const item of items) {
    const m = SORT_ITEM.exec(item.trim());
    if (!m || !names.has(m[1].replace(/""/g, '"')))
      throw new Error(`sort item ${JSON.stringify(item)} is not whitelisted`);
  }
}

const NODE_KEYS: Record<FilterNode["type"], string[]> = {
  and: ["operands", "type"],
  or: ["operands", "type"],
  comparison: ["column", "operator", "type", "value"],
  in: ["column", "type", "values"],
  like: ["column", "pattern", "type"],
  is_null: ["column", "type"],
  is_not_null: ["column", "type"],
};
const OPERATORS = ["=", "!=", "<", "<=", ">", ">="];

/** Every node is of a whitelisted kind with exactly the expected keys, and names only known columns. */
export function assertWhitelistedAst(node: FilterNode, columns: readonly ColumnInfo[]): void {
  if (!FILTER_NODE_TYPES.includes(node.type)) throw new Error(`node kind ${node.type} is not whitelisted`);
  const keys = Object.keys(node).sort();
  if (keys.join() !== NODE_KEYS[node.type].join()) throw new Error(`node ${node.type} has keys ${keys.join()}`);
  if ("column" in node && !columns.some((c) => c.name === node.column))
    throw new Error(`unknown column ${node.column}`);
  switch (node.type) {
    case "and":
    case "or":
      if (node.operands.length < 2) throw new Error(`${node.type} with ${node.operands.length} operands`);
      node.operands.forEach((o) => assertWhitelistedAst(o, columns));
      return;
    case "comparison":
      if (!OPERATORS.includes(node.operator)) throw new Error(`operator ${node.operator}`);
      assertValue(node.value);
      return;
    case "in":
      if (node.values.length === 0) throw new Error("empty IN");
      node.values.forEach(assertValue);
      return;
    case "like":
      if (typeof node.pattern !== "string") throw new Error("LIKE pattern");
      return;
  }
}

function assertValue(value: FilterValue): void {
  if (!FILTER_VALUE_TYPES.includes(value.type)) throw new Error(`value type ${value.type}`);
  const expected = value.type === "number" ? "number" : value.type === "boolean" ? "boolean" : "string";
  if (typeof value.value !== expected) throw new Error(`value of ${value.type} is ${typeof value.value}`);
}

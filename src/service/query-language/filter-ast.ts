import type { ComparisonOperator } from "./grammar";

/**
 * A literal after type checking against its column. The parser decides the type (e.g. a quoted string compared with
 * a timestamp column becomes `timestamp`), so the renderer never interprets user text.
 */
export type FilterValue =
  | { readonly type: "string"; readonly value: string }
  /** `text` is the number as written (normalized), kept so integers wider than 2^53 keep every digit. */
  | { readonly type: "number"; readonly value: number; readonly text: string }
  | { readonly type: "boolean"; readonly value: boolean }
  /** `YYYY-MM-DD` */
  | { readonly type: "date"; readonly value: string }
  /** `YYYY-MM-DD HH:MM:SS[.ffffff]`, UTC */
  | { readonly type: "timestamp"; readonly value: string };

/**
 * The filter AST. Only these kinds exist; `column` is always the real name of a result column. `and`/`or` are n-ary
 * (a long chain of ORs is one node, not a 1,000-deep tree).
 */
export type FilterNode =
  | { readonly type: "and"; readonly operands: readonly FilterNode[] }
  | { readonly type: "or"; readonly operands: readonly FilterNode[] }
  | {
      readonly type: "comparison";
      readonly column: string;
      readonly operator: ComparisonOperator;
      readonly value: FilterValue;
    }
  | { readonly type: "in"; readonly column: string; readonly values: readonly FilterValue[] }
  | { readonly type: "like"; readonly column: string; readonly pattern: string }
  | { readonly type: "is_null"; readonly column: string }
  | { readonly type: "is_not_null"; readonly column: string };

export type FilterNodeType = FilterNode["type"];

/** The whitelist of node kinds, for checks on ASTs that did not come from the parser. */
export const FILTER_NODE_TYPES: readonly FilterNodeType[] = Object.freeze([
  "and",
  "or",
  "comparison",
  "in",
  "like",
  "is_null",
  "is_not_null",
]);
export const FILTER_VALUE_TYPES: readonly FilterValue["type"][] = Object.freeze([
  "string",
  "number",
  "boolean",
  "date",
  "timestamp",
]);

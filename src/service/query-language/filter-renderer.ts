import { columnKind, exactIntegerDigits, type ColumnInfo } from "./column-types";
import type { FilterNode, FilterValue } from "./filter-ast";
import { MAX_NESTING_DEPTH, type ComparisonOperator } from "./grammar";
import { quoteIdentifier } from "./quote-identifier";
import type { SqlParams } from "./sql-params";

/** The only operator texts that reach SQL. */
const SQL_OPERATORS: Readonly<Record<ComparisonOperator, string>> = {
  "=": "=",
  "!=": "<>",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};

/** Enough for any parser output (nesting is capped there); a hand-built AST deeper than this is refused. */
const MAX_RENDER_DEPTH = 2 * MAX_NESTING_DEPTH + 4;
const INTEGER_TEXT = /^-?\d+$/;
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP_VALUE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

/**
 * Renders a filter AST as an SQL boolean expression (parenthesized when it has AND/OR, so it can be combined with
 * other conditions). Identifiers are the quoted real names of `columns`; every value is bound through `params`.
 * The AST is re-checked as it is rendered (node kinds, operators, columns, value shapes), so an AST that did not
 * come from parseFilter cannot smuggle text into the SQL either; violations throw a plain Error (a bug, not a user
 * mistake).
 */
export function renderFilter(node: FilterNode, columns: readonly ColumnInfo[], params: SqlParams): string {
  return render(node, columns, params, 0);
}

function render(node: FilterNode, columns: readonly ColumnInfo[], params: SqlParams, depth: number): string {
  if (depth > MAX_RENDER_DEPTH) throw new Error("renderFilter: filter nested too deeply");
  switch (node.type) {
    case "and":
    case "or": {
      if (!Array.isArray(node.operands) || node.operands.length === 0)
        throw new Error(`renderFilter: empty ${node.type}`);
      const glue = node.type === "and" ? " AND " : " OR ";
      return `(${node.operands.map((o) => render(o, columns, params, depth + 1)).join(glue)})`;
    }
    case "comparison": {
      const column = findColumn(columns, node.column);
      const operator = Object.prototype.hasOwnProperty.call(SQL_OPERATORS, node.operator)
        ? SQL_OPERATORS[node.operator]
        : undefined;
      if (!operator) throw new Error(`renderFilter: unknown operator ${String(node.operator)}`);
      return `${quoteIdentifier(column.name)} ${operator} ${renderValue(node.value, column, params)}`;
    }
    case "in": {
      const column = findColumn(columns, node.column);
      if (!Array.isArray(node.values) || node.values.length === 0) throw new Error("renderFilter: empty IN list");
      return `${quoteIdentifier(column.name)} IN (${node.values.map((v) => renderValue(v, column, params)).join(", ")})`;
    }
    case "like":
      if (typeof node.pattern !== "string") throw new Error("renderFilter: LIKE pattern must be a string");
      return `${quoteIdentifier(findColumn(columns, node.column).name)} LIKE ${params.add(node.pattern)}`;
    case "is_null":
      return `${quoteIdentifier(findColumn(columns, node.column).name)} IS NULL`;
    case "is_not_null":
      return `${quoteIdentifier(findColumn(columns, node.column).name)} IS NOT NULL`;
    default:
      throw new Error(`renderFilter: unknown node type ${String((node as { type?: unknown }).type)}`);
  }
}

/**
 * Numbers bind as JS numbers when that is exact and the driver can type them (safe integers become INTEGER/BIGINT,
 * fractions DOUBLE). Integers beyond 2^53 written as plain digits bind as those digits cast to HUGEINT, so no digit
 * is lost, when the column can take them exactly (see exactIntegerDigits); otherwise, and for integral doubles
 * such as 1e20 (which the driver would type BIGINT and overflow), as text cast to DOUBLE.
 * Dates and timestamps bind as normalized text cast to the column's temporal type.
 */
function renderValue(value: FilterValue, column: ColumnInfo, params: SqlParams): string {
  switch (value.type) {
    case "string":
      if (typeof value.value !== "string") break;
      return params.add(value.value);
    case "boolean":
      if (typeof value.value !== "boolean") break;
      return params.add(value.value);
    case "number": {
      const { value: n, text } = value;
      if (typeof n !== "number" || !Number.isFinite(n)) break;
      if (Number.isSafeInteger(n)) return params.add(n);
      if (typeof text === "string" && INTEGER_TEXT.test(text)) {
        const digits = text.replace(/^-?0*/, "").length;
        if (digits <= exactIntegerDigits(column.type)) return `CAST(${params.add(text)} AS HUGEINT)`;
      }
      if (Number.isInteger(n)) return `CAST(${params.add(String(n))} AS DOUBLE)`;
      return params.add(n);
    }
    case "date":
    case "timestamp":
      if (typeof value.value !== "string" || !(DATE_VALUE.test(value.value) || TIMESTAMP_VALUE.test(value.value)))
        break;
      return renderTemporal(value.value, value.type === "date", column, params);
  }
  throw new Error(`renderFilter: malformed ${String((value as { type?: unknown }).type)} value`);
}

function renderTemporal(text: string, dateOnly: boolean, column: ColumnInfo, params: SqlParams): string {
  const kind = columnKind(column.type);
  if (kind === "timestamptz") {
    // The API's times are UTC; an explicit offset makes the comparison independent of the session time zone.
    return `CAST(${params.add(`${dateOnly ? `${text} 00:00:00` : text}+00`)} AS TIMESTAMPTZ)`;
  }
  if (kind === "date" && dateOnly) return `CAST(${params.add(text)} AS DATE)`;
  return `CAST(${params.add(text)} AS TIMESTAMP)`;
}

function findColumn(columns: readonly ColumnInfo[], name: string): ColumnInfo {
  const column = columns.find((c) => c.name === name);
  if (!column) throw new Error(`renderFilter: ${JSON.stringify(name)} is not a result column`);
  return column;
}

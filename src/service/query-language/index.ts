/**
 * The query language of the shared GET parameters `filters`, `sort_by` and `columns` (spec: "Shared parameters of
 * result-returning GET endpoints"). Parsing checks user text against the result's columns and types; rendering
 * turns the checked AST into SQL whose identifiers are quoted column names and whose values are all bound.
 *
 *   const params = new SqlParams();
 *   const where = renderFilter(parseFilter(filters, columns), columns, params);
 *   const orderBy = renderSort(parseSort(sortBy, columns));
 *   await connection.run(`SELECT ... WHERE ${where} ORDER BY ${orderBy}`, params.values);
 */
export type { ColumnInfo, ColumnKind } from "./column-types";
export { columnKind } from "./column-types";
export { QueryLanguageError, isQueryLanguageError, type QueryParameter } from "./errors";
export type { FilterNode, FilterNodeType, FilterValue } from "./filter-ast";
export { FILTER_NODE_TYPES, FILTER_VALUE_TYPES } from "./filter-ast";
export type { ComparisonOperator } from "./grammar";
export { MAX_INPUT_LENGTH, MAX_NESTING_DEPTH } from "./grammar";
export { parseFilter } from "./filter-parser";
export { renderFilter } from "./filter-renderer";
export { parseSort, type SortKey } from "./sort-parser";
export { renderSort } from "./sort-renderer";
export { parseColumns } from "./columns-parser";
export { quoteIdentifier } from "./quote-identifier";
export { SqlParams, type SqlParamValue } from "./sql-params";

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

export { isQueryLanguageError } from "./errors";
export { parseFilter } from "./filter-parser";
export { renderFilter } from "./filter-renderer";
export { parseSort } from "./sort-parser";
export { renderSort } from "./sort-renderer";
export { parseColumns } from "./columns-parser";
export { quoteIdentifier } from "./quote-identifier";
export { SqlParams } from "./sql-params";

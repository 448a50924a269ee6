import type { ResultColumn } from "../executions/execution-record";
import type { PageRequest } from "../results/page-request";
import { ApiError, badParameter } from "../errors";
import { wholeNumberParam } from "./query-values";
import { isTrue, type ResultQuery } from "./route-schemas";
import {
  isQueryLanguageError,
  parseColumns,
  parseFilter,
  parseSort,
  quoteIdentifier,
  renderFilter,
  renderSort,
  SqlParams,
} from "../query-language";

export const MAX_DATAPOINTS = 250_000;

export interface SharedParams {
  request: PageRequest;
  allowPartial: boolean;
  /** The per-request guard is lifted (either of its names): no datapoints cap on the page, no credits cap on the read. */
  guardLifted: boolean;
  /** The parameters to carry into next_uri (everything but offset, limit and any key). */
  carry: Record<string, string>;
}

const CARRIED: readonly (keyof ResultQuery)[] = [
  "columns",
  "filters",
  "sort_by",
  "allow_partial_results",
  "ignore_max_datapoints_per_request",
  "ignore_max_credits_per_request",
  "queryID",
  "execution_id",
];

/**
 * The shared parameters of every result-returning GET endpoint, resolved against the result's columns.
 * `fixed` holds path-parameter conditions (a dataset's chain, market) that narrow the result before `filters`.
 */
export function resolveSharedParams(
  query: ResultQuery,
  columns: readonly ResultColumn[],
  fixed: { column: string; value: string }[] = [],
): SharedParams {
  const sampleCount = wholeNumberParam("sample_count", query.sample_count);
  const limit = wholeNumberParam("limit", query.limit);
  const offset = wholeNumberParam("offset", query.offset);
  const filtersText = query.filters;
  if (sampleCount !== undefined) {
    const clash = [
      ["offset", offset],
      ["limit", limit],
      ["filters", filtersText],
    ].find(([, v]) => v !== undefined && v !== "");
    if (clash) throw badParameter("sample_count", `cannot be combined with ${clash[0]}`);
  }
  const params = new SqlParams();
  const given = (name: "columns" | "filters" | "sort_by") => {
    const v = query[name];
    return v === undefined || v.trim() === "" ? undefined : v;
  };
  let selected: string[];
  let orderBy: string | undefined;
  const conditions = fixed.map((f) => `${quoteIdentifier(f.column)} = ${params.add(f.value)}`);
  try {
    const columnsText = given("columns");
    selected = columnsText === undefined ? columns.map((c) => c.name) : parseColumns(columnsText, columns);
    const filterText = given("filters");
    if (filterText !== undefined) conditions.push(renderFilter(parseFilter(filterText, columns), columns, params));
    const sortText = given("sort_by");
    orderBy = sortText === undefined ? undefined : renderSort(parseSort(sortText, columns));
  } catch (error) {
    // The grammar's messages already start with the parameter's name and carry the character position.
    if (isQueryLanguageError(error)) throw new ApiError("bad_parameter", error.message);
    throw error;
  }
  // One guard under two names (renamed in the service's 2026 API description): either lifts it.
  const ignoreCap = isTrue(query.ignore_max_datapoints_per_request) || isTrue(query.ignore_max_credits_per_request);
  const carry: Record<string, string> = {};
  for (const name of CARRIED) {
    const v = query[name];
    if (v !== undefined) carry[name] = String(v);
  }
  return {
    request: {
      columns: selected,
      where: conditions.length ? conditions.join(" AND ") : undefined,
      params: params.values,
      orderBy,
      offset: offset ?? 0,
      limit,
      sampleCount,
      maxRows: ignoreCap ? undefined : Math.max(1, Math.floor(MAX_DATAPOINTS / Math.max(1, selected.length))),
    },
    allowPartial: isTrue(query.allow_partial_results),
    guardLifted: ignoreCap,
    carry,
  };
}

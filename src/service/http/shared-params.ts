import type { ResultColumn } from "../executions/execution-record";
import type { PageRequest } from "../results/page-request";
import { badParameter } from "./error-registry";
import { booleanParam, single, wholeNumberParam, type QueryString } from "./query-values";
import { parseColumnsParam, parseFiltersParam, parseSortParam } from "./query-language-params";

export const MAX_DATAPOINTS = 250_000;

export interface SharedParams {
  request: PageRequest;
  allowPartial: boolean;
  /** The parameters to carry into next_uri (everything but offset, limit and any key). */
  carry: Record<string, string>;
}

const CARRIED = [
  "columns",
  "filters",
  "sort_by",
  "allow_partial_results",
  "ignore_max_datapoints_per_request",
  "queryID",
  "execution_id",
];

/**
 * The shared parameters of every result-returning GET endpoint, resolved against the result's columns.
 * `fixed` holds path-parameter conditions (a dataset's chain, market) that narrow the result before `filters`.
 */
export function resolveSharedParams(
  query: QueryString,
  columns: readonly ResultColumn[],
  fixed: { column: string; value: string }[] = [],
): SharedParams {
  const sampleCount = wholeNumberParam(query, "sample_count", 1);
  const limit = wholeNumberParam(query, "limit", 0);
  const offset = wholeNumberParam(query, "offset", 0);
  const filtersText = single(query, "filters");
  if (sampleCount !== undefined) {
    const clash = [["offset", offset], ["limit", limit], ["filters", filtersText]].find(([, v]) => v !== undefined && v !== "");
    if (clash) throw badParameter("sample_count", `cannot be combined with ${clash[0]}`);
  }
  const selected = parseColumnsParam(single(query, "columns"), columns);
  const params: PageRequest["params"] = [];
  const conditions = fixed.map((f) => {
    params.push(f.value);
    return `"${f.column.replace(/"/g, '""')}" = $${params.length}`;
  });
  const filter = parseFiltersParam(filtersText, columns, params);
  if (filter) conditions.push(`(${filter})`);
  const ignoreCap = booleanParam(query, "ignore_max_datapoints_per_request");
  const carry: Record<string, string> = {};
  for (const name of CARRIED) {
    const v = single(query, name);
    if (v !== undefined) carry[name] = v;
  }
  return {
    request: {
      columns: selected,
      where: conditions.length ? conditions.join(" AND ") : undefined,
      params,
      orderBy: parseSortParam(single(query, "sort_by"), columns),
      offset: offset ?? 0,
      limit,
      sampleCount,
      maxRows: ignoreCap ? undefined : Math.max(1, Math.floor(MAX_DATAPOINTS / Math.max(1, selected.length))),
    },
    allowPartial: booleanParam(query, "allow_partial_results"),
    carry,
  };
}

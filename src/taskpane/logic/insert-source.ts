import { knownTime, type QueryParameterValue, type ResultParams, type Source } from "../../client";
import type { PerformanceChoice } from "../../billing";
import type { JsonValue, TableBinding } from "../../excel";
import { datasetArgNames } from "./dataset-catalog";

/** What an insert reads: a run's result (from the run or the history) or a curated dataset. */
export type InsertSource =
  | {
      kind: "execution";
      executionId: string;
      /** Known for runs from this pane: then the table is bound to the query and can be re-run. */
      queryId?: number;
      parameters?: Record<string, QueryParameterValue>;
      performance?: PerformanceChoice;
      /** The stored result was truncated: ask for it anyway. */
      partial?: boolean;
      /** When the service deletes the result (its `expires_at`), when known. */
      expiresAt?: string;
      /** The SQL text this run executed (the SQL tab): the table is bound to the text, re-run only when confirmed. */
      sql?: string;
    }
  | { kind: "dataset"; name: string; args: string[]; params: DatasetParams };

/** Dataset options the pane offers (the shared parameters minus sampling and paging internals). */
export interface DatasetParams {
  filters?: string;
  sort_by?: string;
  columns?: string;
  limit?: number;
}

export function clientSource(source: InsertSource): { source: Source; params: ResultParams } {
  if (source.kind === "execution") {
    return {
      source: { executionId: source.executionId },
      params: source.partial ? { allow_partial_results: true } : {},
    };
  }
  return { source: { dataset: source.name, args: source.args }, params: { ...source.params } };
}

/** Sheet and table name wish: "Query 1002", "dex base". */
export function sourceLabel(source: InsertSource): string {
  if (source.kind === "execution" && source.sql !== undefined) return "SQL result";
  if (source.kind === "execution")
    return source.queryId ? `Query ${source.queryId}` : `Execution ${source.executionId.slice(-6)}`;
  return [source.name, ...source.args].join(" ");
}

function jsonRecord(values: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") out[k] = v as JsonValue;
  return out;
}

/** How Refresh will find this table's data again (kept in document settings; no key, ever). */
export function bindingFor(
  source: InsertSource,
  placed: { tableName: string; sheet: string; address: string; headers: boolean },
  now: Date,
): TableBinding {
  const common = {
    tableName: placed.tableName,
    sheet: placed.sheet,
    address: placed.address,
    insertedAt: now.toISOString(),
  };
  if (source.kind === "dataset") {
    const names = datasetArgNames(source.name);
    const args: Record<string, JsonValue> = {};
    source.args.forEach((value, i) => (args[names[i] ?? String(i)] = value));
    return {
      kind: "dataset",
      id: source.name,
      args,
      params: jsonRecord({ ...source.params }),
      options: { headers: placed.headers },
      ...common,
    };
  }
  const options = jsonRecord({
    headers: placed.headers,
    executionId: source.executionId,
    performance: source.performance,
    partial: source.partial,
  });
  // Its rows are the text's: a refresh reads its last run's result, or runs the text again once the user confirmed.
  if (source.sql !== undefined) return { kind: "sql", id: source.sql, options, ...common };
  if (source.queryId === undefined) {
    // Only the execution's own result can fill this table: the binding goes when that result does.
    // A zero time (the service's "not known yet", kept in History by an older version) is no expiry.
    const expiry = knownTime(source.expiresAt) !== undefined ? { expiresAt: source.expiresAt } : {};
    return { kind: "execution", id: source.executionId, options, ...common, ...expiry };
  }
  return { kind: "query", id: source.queryId, params: jsonRecord(source.parameters ?? {}), options, ...common };
}

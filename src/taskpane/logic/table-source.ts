import { datasetPath } from "../../client";
import type { JsonValue, SettingsLike, TableBinding } from "../../excel";
import {
  type ResultSource,
  describeBound,
  describeRead,
  queryPagePattern,
  sourceText,
  storedSource as storedJson,
} from "../../service-cells";
import type { InsertSource } from "./insert-source";
import type { PagedRows } from "./page-rows";

/** Where an insert's rows came from (the pane's own run of a query stands for its parameter set). */
export function insertedSource(source: InsertSource, paged: PagedRows, readAt: number): ResultSource {
  const facts = { ...paged.read, readAt, ...(paged.origin ? { origin: paged.origin } : {}) };
  if (source.kind === "dataset") {
    const what = {
      kind: "dataset",
      dataset: source.name,
      args: source.args,
      path: datasetPath(source.name, source.args),
    };
    return describeRead(what as Parameters<typeof describeRead>[0], facts);
  }
  const run =
    source.queryId === undefined ? undefined : { queryId: source.queryId, parameters: source.parameters ?? {} };
  return describeRead({ kind: "execution", executionId: source.executionId }, facts, run);
}

/** Where a bound table's refreshed rows came from: its dataset, a stored execution, the query's latest result or a new run. */
export function refreshedSource(
  binding: TableBinding,
  read: { executionId?: string },
  paged: PagedRows,
  readAt: number,
): ResultSource {
  const facts = { ...paged.read, readAt, ...(paged.origin ? { origin: paged.origin } : {}) };
  return describeBound(binding, read.executionId, facts);
}

/** The caption row's line, with the workbook's query page pattern. */
export function captionOf(source: ResultSource, settings: SettingsLike): string {
  return sourceText(source, queryPagePattern(settings));
}

/** A source as a binding keeps it (plain JSON). */
export function storedSource(source: ResultSource): { [key: string]: JsonValue } {
  return storedJson(source) as { [key: string]: JsonValue };
}

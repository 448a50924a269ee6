import { DATASET_CATALOG, scheduleText, type DatasetArg, type DatasetName } from "../../client";

export type { DatasetArg };

export interface DatasetInfo {
  name: DatasetName;
  label: string;
  /** When the data changes (spec, Limits): tells the user how stale a refresh can be. */
  refresh: string;
  args: readonly DatasetArg[];
  columns: readonly string[];
}

/** The curated datasets the picker offers: the client's catalog, in the words and shapes the pane shows. */
export const DATASET_CHOICES: readonly DatasetInfo[] = DATASET_CATALOG.map((d) => ({
  name: d.name,
  label: d.label,
  refresh: scheduleText(d.schedule),
  args: d.args,
  columns: d.columns.map(([name]) => name),
}));

export function datasetInfo(name: string): DatasetInfo | undefined {
  return DATASET_CHOICES.find((d) => d.name === name.trim().toLowerCase());
}

export function datasetArgNames(name: string): string[] {
  return (datasetInfo(name)?.args ?? []).map((a) => a.name);
}

import { DATASET_CATALOG, scheduleText, type DatasetArg, type DatasetName } from "../../client";

export type { DatasetArg };

export interface DatasetInfo {
  name: DatasetName;
  label: string;
  /** When the data changes (spec, Limits): tells the user how stale a refresh can be. */
  refresh: string;
  args: readonly DatasetArg[];
  columns: readonly string[];
  /** Placeholders for the Filters and Sort by fields, naming a column this dataset has. */
  filterExample: string;
  sortExample: string;
}

type Columns = (typeof DATASET_CATALOG)[number]["columns"];

/** A filter and a sort on this dataset's own columns: its first numeric column, else its first text column. */
function examples(columns: Columns): { filterExample: string; sortExample: string } {
  const numeric = columns.find(([, type]) => ["bigint", "integer", "double"].includes(type));
  if (numeric) return { filterExample: `${numeric[0]} > 1000`, sortExample: `${numeric[0]} desc` };
  const text = columns.find(([, type]) => type === "varchar") ?? columns[0];
  const name = text?.[0] ?? "column";
  return { filterExample: `${name} = 'text'`, sortExample: `${name} asc` };
}

/** The curated datasets the picker offers: the client's catalog, in the words and shapes the pane shows. */
export const DATASET_CHOICES: readonly DatasetInfo[] = DATASET_CATALOG.map((d) => ({
  name: d.name,
  label: d.label,
  refresh: scheduleText(d.schedule),
  args: d.args,
  columns: d.columns.map(([name]) => name),
  ...examples(d.columns),
}));

export function datasetInfo(name: string): DatasetInfo | undefined {
  return DATASET_CHOICES.find((d) => d.name === name.trim().toLowerCase());
}

export function datasetArgNames(name: string): string[] {
  return (datasetInfo(name)?.args ?? []).map((a) => a.name);
}

import type { ResultColumn } from "../executions/execution-record";
import { badParameter } from "./error-registry";

// Interim: plain column lists only, until the filter/sort grammar lands.
export function parseColumnsParam(text: string | undefined, columns: readonly ResultColumn[]): string[] {
  if (text === undefined || text.trim() === "") return columns.map((c) => c.name);
  return text.split(",").map((raw) => {
    const name = raw.trim();
    if (!columns.some((c) => c.name === name)) {
      throw badParameter("columns", `unknown column "${name}"; columns are: ${columns.map((c) => c.name).join(", ")}`);
    }
    return name;
  });
}

export function parseFiltersParam(
  text: string | undefined,
  _columns: readonly ResultColumn[],
  _params: (string | number | boolean | null)[],
): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  throw badParameter("filters", "not supported yet");
}

export function parseSortParam(text: string | undefined, _columns: readonly ResultColumn[]): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  throw badParameter("sort_by", "not supported yet");
}

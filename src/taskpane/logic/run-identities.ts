import type { QueryReportRow } from "../../functions";
import type { RunRequest } from "./run-states";

type Parameters = RunRequest["parameters"];

/** Values as the service receives them (text), names sorted: the same identity whichever side typed them. */
function identity(parameters: Parameters): string {
  return JSON.stringify(
    Object.entries(parameters)
      .map(([k, v]) => [k, String(v)])
      .sort(),
  );
}

/** Every entry of `part` is in `whole` with the same value (as text). */
function within(part: Parameters, whole: Parameters): boolean {
  return Object.entries(part).every(([k, v]) => k in whole && String(whole[k]) === String(v));
}

/**
 * The parameter sets SERVICE.QUERY cells may give for this run: all of them, and (a run from the query's own form)
 * only those that differ from the query's defaults, which the service fills in the same way; and so, too, any set
 * between the two that cells on the sheets give now (a cell naming a default input beside the changed ones, say
 * `symbol=WETH` when WETH is the default). Only the sets cells have are listed: every set between the two would be
 * 2^n entries in the workbook's settings.
 */
export function runIdentities(request: RunRequest, cells: readonly QueryReportRow[] = []): Parameters[] {
  const all = request.parameters;
  const changed = request.sameRunAs;
  const out: Parameters[] = [all];
  const seen = new Set([identity(all)]);
  const add = (p: Parameters): void => {
    const id = identity(p);
    if (seen.has(id)) return;
    seen.add(id);
    out.push(p);
  };
  if (changed === undefined) return out;
  add(changed);
  for (const row of cells) {
    if (row.queryId !== request.queryId || row.performance !== request.performance) continue;
    if (within(changed, row.parameters) && within(row.parameters, all)) add(row.parameters);
  }
  return out;
}
